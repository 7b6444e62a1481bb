import { describe, expect, it } from 'vitest';
import { previewAction } from '@/components/FilePreview';

describe('upload preview (spec 5)', () => {
  it('only doc and pdf open a window; images a lightbox; others download', () => {
    expect(previewAction('a.pdf')).toBe('window');
    expect(previewAction('a.DOC')).toBe('window');
    expect(previewAction('a.png')).toBe('lightbox');
    expect(previewAction('/api/upload/preview/x.jpg?blade-auth=t')).toBe('lightbox');
    expect(previewAction('a.xlsx')).toBe('download');
    expect(previewAction('a.docx')).toBe('download');
  });
});

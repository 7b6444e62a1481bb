import React, { useCallback, useState } from 'react';
import { Image, Space, Typography } from 'antd';
import { fileType, opensInNewWindow } from '@/utils/file';
import { fileUrl, splitNames } from '@/utils/fileLink';

/** What a preview of a stored file does (spec 5): doc/pdf in a new window, images in a lightbox, others download. */
export type PreviewAction = 'window' | 'lightbox' | 'download';

export function previewAction(name: string): PreviewAction {
  if (opensInNewWindow(name)) return 'window';
  if (fileType(name) === 'image') return 'lightbox';
  return 'download';
}

/**
 * The one upload preview rule for every file list (spec 5): only names ending in doc or pdf open
 * in a new window; otherwise the default preview runs, an image in a lightbox on this page and
 * any other file as a download (no window). Returns the handler and the lightbox to render.
 */
export function useFilePreview(): { preview: (url: string, name?: string) => void; lightbox: React.ReactNode } {
  const [src, setSrc] = useState('');
  const preview = useCallback((url: string, name?: string) => {
    if (!url) return;
    const action = previewAction(name || url);
    if (action === 'window') window.open(url, '_blank');
    else if (action === 'lightbox') setSrc(url);
    else {
      const a = document.createElement('a');
      a.href = url;
      a.download = (name || url).split('/').pop() || '';
      document.body.appendChild(a);
      a.click();
      a.remove();
    }
  }, []);
  const lightbox = src ? (
    <Image style={{ display: 'none' }} src={src} preview={{ visible: true, src, onVisibleChange: (v) => !v && setSrc('') }} />
  ) : null;
  return { preview, lightbox };
}

/**
 * Stored files (a comma list of names put-file returned) as links that follow the preview rule:
 * a view page's attachments, where a plain `<a target="_blank">` would open every file in a window.
 */
export function FileLinks({ value }: { value?: string }) {
  const names = splitNames(value);
  const { preview, lightbox } = useFilePreview();
  if (!names.length) return <span>-</span>;
  return (
    <Space wrap data-testid="file-links">
      {names.map((n) => (
        <Typography.Link key={n} onClick={() => preview(fileUrl(n), n)}>
          {n.split('/').pop()}
        </Typography.Link>
      ))}
      {lightbox}
    </Space>
  );
}

/** File type classes by extension (spec 5) and the upload preview rule. */
export type FileClass = 'image' | 'txt' | 'excel' | 'word' | 'pdf' | 'ppt' | 'video' | 'audio' | 'other';

const CLASSES: Record<Exclude<FileClass, 'other'>, string[]> = {
  image: ['png', 'jpg', 'jpeg', 'bmp', 'gif'],
  txt: ['txt'],
  excel: ['xls', 'xlsx'],
  word: ['doc', 'docx'],
  pdf: ['pdf'],
  ppt: ['ppt'],
  video: ['mp4', 'm2v', 'mkv'],
  audio: ['mp3', 'wav', 'wmv'],
};

export function fileExt(name: string): string {
  const clean = (name || '').split('?')[0].split('#')[0];
  const i = clean.lastIndexOf('.');
  return i < 0 ? '' : clean.slice(i + 1).toLowerCase();
}

export function fileType(name: string): FileClass {
  const ext = fileExt(name);
  for (const [cls, exts] of Object.entries(CLASSES)) if (exts.includes(ext)) return cls as FileClass;
  return 'other';
}

/** Only names ending in doc or pdf open in a new window. */
export const opensInNewWindow = (name: string) => /(doc|pdf)$/i.test((name || '').split('?')[0]);

/** The part of a stored file URL after the upload segment (for the remove-file call). */
export function uploadPath(url: string): string {
  const i = url.indexOf('/upload/');
  return i < 0 ? url : url.slice(i + '/upload/'.length);
}

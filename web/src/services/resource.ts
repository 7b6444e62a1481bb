import { buildHeaders, handleResult, post, RequestError } from '@/utils/request';

/** blade-resource: attachments (upload, preview, delete). */
const U = '/api/upload';

export interface StoredFile {
  /** the stored name; forms keep a comma list of these */
  name: string;
  link: string;
  originalName: string;
  size: number;
}

/** Uploads one file (multipart field "file"). */
export async function putFile(file: File | Blob, filename?: string): Promise<StoredFile> {
  const fd = new FormData();
  fd.append('file', file, filename || (file as File).name || 'file');
  const headers = buildHeaders({});
  const res = await fetch(`${U}/put-file`, { method: 'POST', headers, body: fd, credentials: 'same-origin' });
  let body: any;
  try {
    body = await res.json();
  } catch {
    throw new RequestError(res.statusText || 'upload failed', res.status);
  }
  return handleResult(res.status, body).data as StoredFile;
}

/**
 * Removes a stored file of the caller's tenant. Silent: the form's value has already dropped
 * the name, and a file someone else uploaded is simply left in place (only its uploader or an
 * administrator may delete it).
 */
export const removeFile = (fileName: string) => post(`${U}/delete`, undefined, { fileName }, { silent: true });

import { message } from '@/utils/feedback';
import { buildHeaders, toQuery } from './request';
import { filenameFromDisposition } from './util';

export const EXPORTING = '正在导出,请稍后!';
export const EXPORT_OK = '导出成功!';
export const EXPORT_FAILED = 'export failed';

/**
 * GET download with the auth headers and filters as query (spec 7.8 and 8). A refusal shows
 * 'export failed'; with `serverMessage` it shows the server's msg instead (exports whose
 * refusal tells the user what to set up first).
 */
export async function exportFile(url: string, params: Record<string, any>, fallbackName = 'export.xlsx', { serverMessage = false } = {}) {
  const key = 'aq-export';
  message.loading({ content: EXPORTING, key, duration: 0 });
  try {
    const res = await fetch(url + toQuery(params), { headers: buildHeaders({}) });
    if (res.status !== 200) {
      const body = serverMessage ? await res.json().catch(() => ({})) : {};
      throw new Error(body?.msg || EXPORT_FAILED);
    }
    const blob = await res.blob();
    const name = filenameFromDisposition(res.headers.get('content-disposition'), fallbackName);
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 2000);
    message.success({ content: EXPORT_OK, key });
  } catch (e: any) {
    message.error({ content: (serverMessage && e?.message) || EXPORT_FAILED, key, ...(serverMessage ? { duration: 6 } : {}) });
  }
}

/** Error log of unhandled UI errors (spec 3 and 8): url, time, type, message, stack, info. */
export interface ErrorLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack: string;
  info: string;
}

const MAX = 100;
let logs: ErrorLogEntry[] = [];
const listeners = new Set<(l: ErrorLogEntry[]) => void>();

export function addErrorLog(err: unknown, info = '', type = 'error'): ErrorLogEntry {
  const e = err instanceof Error ? err : new Error(typeof err === 'string' ? err : JSON.stringify(err));
  const entry: ErrorLogEntry = {
    url: typeof window !== 'undefined' ? window.location.href : '',
    time: new Date().toISOString().replace('T', ' ').slice(0, 19),
    type,
    message: e.message,
    stack: e.stack || '',
    info,
  };
  logs = [entry, ...logs].slice(0, MAX);
  listeners.forEach((fn) => fn(logs));
  return entry;
}

export const getErrorLogs = () => logs;
export function clearErrorLogs() {
  logs = [];
  listeners.forEach((fn) => fn(logs));
}
export function subscribeErrorLogs(fn: (l: ErrorLogEntry[]) => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Installs window handlers so unhandled errors land in the log. */
export function installErrorLog(target: Window = window) {
  target.addEventListener('error', (ev: ErrorEvent) => addErrorLog(ev.error || ev.message, ev.filename || '', 'error'));
  target.addEventListener('unhandledrejection', (ev: PromiseRejectionEvent) => {
    // rejected API calls already toasted; keep them but mark the type
    addErrorLog(ev.reason, '', 'unhandledrejection');
  });
}

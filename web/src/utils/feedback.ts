import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Toasts, confirms and notifications that follow the chosen theme. Inside the app they
 * come from antd's <App> context (bound by <FeedbackBinder/>); before that, and in
 * tests, the static functions are used.
 */
let msg: MessageInstance = staticMessage;
let mdl: Omit<ModalStaticFunctions, 'warn'> = Modal;
let ntf: NotificationInstance = staticNotification;

export function FeedbackBinder() {
  const app = App.useApp();
  msg = app.message;
  mdl = app.modal;
  ntf = app.notification;
  return null;
}

export const message: MessageInstance = new Proxy({} as MessageInstance, { get: (_t, k) => (msg as any)[k] });
export const modal: Omit<ModalStaticFunctions, 'warn'> = new Proxy({} as Omit<ModalStaticFunctions, 'warn'>, {
  get: (_t, k) => (mdl as any)[k],
});
export const notification: NotificationInstance = new Proxy({} as NotificationInstance, { get: (_t, k) => (ntf as any)[k] });

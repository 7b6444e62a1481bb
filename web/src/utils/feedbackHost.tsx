import React, { useLayoutEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { ConfigOptions } from 'antd/es/message/interface';
import { bindFeedback, type FeedbackApis } from './feedback';

/** antd's static functions: the feedback when no holders are mounted (tests). */
export const staticFeedback: FeedbackApis = { message, modal: Modal, notification };

/** The modal, message and notification holders of <FeedbackApp> (src/utils/feedback.ts), in their own chunk. */
export default function FeedbackHolders({ message: messageConfig }: { message?: ConfigOptions }) {
  const [messageApi, messageHolder] = message.useMessage(messageConfig);
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  // bound once the holders are in the page: antd drops a call made before (a call in render)
  useLayoutEffect(
    () => bindFeedback({ message: messageApi, modal: modalApi, notification: notificationApi }),
    [messageApi, modalApi, notificationApi],
  );
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

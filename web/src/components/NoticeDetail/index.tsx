import React from 'react';
import { Form, Input, Modal } from 'antd';
import type { Notice } from '@/services/desk';
import { useText } from '@/utils/i18nText';

/** Notice detail form (spec 2.8): three read-only fields, no submit or clear buttons. */
export function NoticeDetailForm({ notice }: { notice?: Partial<Notice> }) {
  const tt = useText();
  return (
    <Form layout="horizontal" labelCol={{ flex: '100px' }} disabled={false}>
      <Form.Item label={tt('消息发送人')}>
        <Input value={notice?.messagePushName || ''} readOnly />
      </Form.Item>
      <Form.Item label={tt('消息标题')}>
        <Input value={notice?.messageTitle || ''} readOnly />
      </Form.Item>
      <Form.Item label={tt('消息内容')}>
        <Input.TextArea value={notice?.messageContent || ''} readOnly autoSize={{ minRows: 4, maxRows: 12 }} />
      </Form.Item>
    </Form>
  );
}

export default function NoticeDetailModal({ notice, open, onClose }: { notice?: Partial<Notice>; open: boolean; onClose: () => void }) {
  const tt = useText();
  return (
    <Modal title={tt('通知详情')} open={open} onCancel={onClose} footer={null} width="50%" maskClosable={false} destroyOnHidden>
      <NoticeDetailForm notice={notice} />
    </Modal>
  );
}

import React, { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import { SHELVE_MAX_MINUTES, shelveAlarms } from '@/services/monitor';
import { useText } from '@/utils/i18nText';

/**
 * Shelving an alarm (报警搁置, ISA-18.2): for 1 minute up to the tenant's longest shelve (alarm rules, 480 by default) with a reason. While shelved the
 * point's incidents are recorded but not announced; the shelve ends by itself at its expiry.
 */
export default function ShelveModal({
  alarm,
  onClose,
}: {
  alarm?: { id: string; pointCode?: string; pointName?: string };
  onClose: (changed: boolean) => void;
}) {
  const tt = useText();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // A failed validation shows its messages in the form; nothing to send.
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    setBusy(true);
    try {
      await shelveAlarms([alarm!.id], v.minutes, v.reason);
      form.resetFields();
      onClose(true);
    } catch {
      // refused: the request helper showed the message; the dialog stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!alarm}
      title={`${tt('搁置报警')} ${alarm?.pointCode || ''} ${alarm?.pointName || ''}`}
      okText={tt('搁置')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnClose
    >
      <Form form={form} layout="vertical" initialValues={{ minutes: 60 }}>
        <Form.Item
          name="minutes"
          label={tt('搁置时长(分钟)')}
          extra={tt('到期自动恢复报警提示,最长时长见报警规则(默认 480 分钟)')}
          rules={[{ required: true, type: 'number', min: 1, max: SHELVE_MAX_MINUTES, message: tt('搁置时长应为 1 到 1440 分钟') }]}
        >
          <InputNumber min={1} max={SHELVE_MAX_MINUTES} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="reason" label={tt('搁置原因')} rules={[{ required: true, whitespace: true, message: tt('请填写搁置原因') }]}>
          <Input.TextArea maxLength={200} showCount rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

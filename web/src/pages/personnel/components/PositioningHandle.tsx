import React, { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { handleAlarms } from '@/services/positioning';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';
import { validateOrExplain } from '@/utils/formCheck';

/** Handles alarms: handled or false alarm, with a comment (who comes from the token). */
export default function HandleDialog({ ids, onClose }: { ids: string[]; onClose: (done: boolean) => void }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const tt = useText();
  const submit = async () => {
    const v = await validateOrExplain(form);
    setBusy(true);
    try {
      await handleAlarms(ids, v.state, v.comment || '');
      message.success(tt('操作成功'));
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={tt('报警处理')} onOk={submit} confirmLoading={busy} onCancel={() => onClose(false)} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ state: 2 }}>
        <Form.Item name="state" label={tt('处理结果')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { label: tt('已处理'), value: 2 },
              { label: tt('误报'), value: 3 },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle shouldUpdate>
          {({ getFieldValue }) => (
            <Form.Item
              name="comment"
              label={tt('处理说明')}
              rules={[{ required: getFieldValue('state') === 3, message: tt('标记误报时请填写说明') }, { max: 500 }]}
            >
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

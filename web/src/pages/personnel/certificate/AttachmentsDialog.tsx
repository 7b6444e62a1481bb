import React, { useState } from 'react';
import { Modal } from 'antd';
import AttachmentUpload from '@/components/AttachmentUpload';
import { certificateApi, type Certificate } from '@/services/certificate';
import { message } from '@/utils/feedback';
import { useText } from '@/utils/i18nText';

/** 证书附件: scans of a certificate (the shared upload field; names are stored on the record). */
export default function AttachmentsDialog({
  record,
  editable,
  onClose,
}: {
  record: Certificate;
  editable: boolean;
  onClose: (saved: boolean) => void;
}) {
  const tt = useText();
  const [value, setValue] = useState(record.attachments || '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await certificateApi.submit!({ ...record, attachments: value });
      message.success(tt('操作成功!'));
      onClose(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${tt('证书附件')}: ${record.certificateNo}`}
      okText={tt('保存')}
      confirmLoading={saving}
      okButtonProps={{ disabled: !editable }}
      onOk={save}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <AttachmentUpload value={value} onChange={setValue} accept="any" max={9} disabled={!editable} />
    </Modal>
  );
}

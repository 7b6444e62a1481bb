import React, { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { importQuestions, questionImportTemplateUrl, type QuestionImportError } from '@/services/education';
import { exportFile } from '@/utils/download';
import { message } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

/** Import bounds, as the server checks them. */
const MAX_BYTES = 2 << 20;

function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/**
 * 导入试题: download the template, pick an xlsx file, import. The server checks every row
 * first and imports nothing when one is wrong; the wrong rows are listed here.
 */
export default function ImportDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const tt = useText();
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<QuestionImportError[]>([]);

  const close = () => {
    setFile(undefined);
    setErrors([]);
    onClose();
  };

  const run = async () => {
    if (!file) {
      message.warning(tt('请选择要导入的 xlsx 文件'));
      return;
    }
    if (file.size > MAX_BYTES) {
      message.error(tt('导入文件不能超过 2 MB'));
      return;
    }
    setBusy(true);
    try {
      const res = await importQuestions(await toBase64(file));
      if (res?.errors?.length) {
        setErrors(res.errors);
        return;
      }
      message.success(`${tt('导入成功')}: ${res?.imported || 0}`);
      onDone();
      close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={tt('导入试题')}
      open={open}
      onCancel={close}
      width={760}
      destroyOnClose
      footer={[
        <Button key="cancel" onClick={close}>
          <Tx>取消</Tx>
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={run} data-testid="question-import-submit">
          <Tx>导入</Tx>
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => exportFile(questionImportTemplateUrl, {}, '试题导入模板.xlsx')}
            data-testid="question-import-template"
          >
            <Tx>下载导入模板</Tx>
          </Button>
          <span style={{ color: '#888' }}>
            <Tx>每次最多 2000 道试题,文件不超过 2 MB;有一行错误则整个文件都不导入</Tx>
          </span>
        </Space>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setErrors([]);
            return false;
          }}
          onRemove={() => {
            setFile(undefined);
            setErrors([]);
          }}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>
            <Tx>点击或拖入 xlsx 文件</Tx>
          </p>
        </Upload.Dragger>
        {errors.length > 0 && (
          <>
            <Alert type="error" showIcon message={`${tt('文件中有错误,没有导入任何试题')} (${errors.length})`} />
            <Table
              data-testid="question-import-errors"
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              dataSource={errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: tt('行号'), dataIndex: 'row', width: 80 },
                { title: tt('列'), dataIndex: 'column', width: 110 },
                { title: tt('错误信息'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}

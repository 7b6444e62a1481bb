import React from 'react';
import { Form, Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import AttachmentUpload from '@/components/AttachmentUpload';
import { documentApi } from '@/services/aichat';
import { Tx } from '@/utils/i18nText';

const kb = (n: number) => `${Math.max(1, Math.round((n || 0) / 1024))} KB`;

const fields: CrudField[] = [
  { title: '标题', dataIndex: 'title', search: true, form: { placeholder: '不填则用文件名', rules: [{ max: 100 }] } },
  {
    title: '文件',
    dataIndex: 'fileName',
    hideInTable: true,
    form: {
      required: true,
      span: 24,
      tooltip: '支持文本（.txt）、Word（.docx）和带文字层的 PDF（最多 300 页），最大 10 MB',
      // a form item around the upload, so the form holds the stored name it reports
      custom: ({ placeholder: _p, disabled, ...item }) => (
        <Form.Item key={item.name} {...item}>
          <AttachmentUpload max={1} disabled={disabled} />
        </Form.Item>
      ),
    },
  },
  { title: '原文件名', dataIndex: 'originalName', form: false },
  { title: '类型', dataIndex: 'kind', form: false, render: (v: string) => <Tag>{v}</Tag> },
  { title: '大小', dataIndex: 'size', form: false, render: (v: number) => kb(v) },
  {
    title: '字数',
    dataIndex: 'chars',
    form: false,
    render: (v: number, r: any) => (
      <>
        {v}
        {r.truncated && (
          <Tag color="orange" style={{ marginLeft: 4 }}>
            <Tx>超出部分未收录</Tx>
          </Tag>
        )}
      </>
    ),
  },
  { title: '段落数', dataIndex: 'passages', form: false },
  { title: '上传人', dataIndex: 'createUserName', form: false },
  { title: '上传时间', dataIndex: 'createTime', form: false },
];

/**
 * The tenant's own documents (plans, procedures) the assistant quotes: upload a .txt or .docx,
 * its text is extracted and indexed for this tenant only; removing one takes it out of the
 * assistant's answers.
 */
export default function DocumentPage() {
  return (
    <CrudPage
      title="助手文件库"
      fields={fields}
      api={documentApi}
      permissionPrefix="aichat_document"
      editBtn={false}
      viewBtn={false}
      exportBtn={false}
      newestFirst="createTime"
    />
  );
}

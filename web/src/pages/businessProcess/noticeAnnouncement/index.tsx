import React, { useState } from 'react';
import { Tag } from 'antd';
import NoticeDetailModal from '@/components/NoticeDetail';
import type { Notice } from '@/services/desk';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { noticeApi } from '@/services/desk';
import { Tx } from '@/utils/i18nText';

const STATUS = [
  { label: '置顶', value: 5 },
  { label: '重要', value: 6 },
  { label: '普通', value: 7 },
];
const COLORS: Record<string, string> = { '5': 'red', '6': 'orange', '7': 'blue' };

/** Notices and announcements; the dialog is the notice detail form of spec 2.8. */
const fields: CrudField[] = [
  { title: '消息标题', dataIndex: 'messageTitle', search: true, form: { required: true, span: 24 } },
  // The sender is the caller (set by blade-desk from the token; an edit keeps it).
  {
    title: '消息发送人',
    dataIndex: 'messagePushName',
    search: true,
    form: { disabledOnEdit: true, addOnly: false, placeholder: '保存后为当前用户', fieldProps: { disabled: true } },
  },
  {
    title: '类型',
    dataIndex: 'type',
    dictCode: 'message_type',
    search: 'equal',
    options: [
      { label: '消息', value: 1 },
      { label: '通知', value: 2 },
    ],
    form: { initialValue: 2 },
  },
  {
    title: '状态',
    dataIndex: 'status',
    dictCode: 'message_status',
    search: 'equal',
    options: STATUS,
    render: (v) => {
      const label = STATUS.find((s) => String(s.value) === String(v))?.label;
      return <Tag color={COLORS[String(v)]}>{label ? <Tx>{label}</Tx> : v}</Tag>;
    },
    form: { initialValue: 7 },
  },
  { title: '标签', dataIndex: 'tag', form: {} },
  {
    title: '发布时间',
    dataIndex: 'messagePushTime',
    type: 'dateTime',
    search: 'daterange',
    range: 'whole',
    width: 170,
    form: { type: 'dateTime' },
  },
  { title: '消息内容', dataIndex: 'messageContent', type: 'textarea', hideInTable: true, form: { required: true, span: 24 } },
];

export default function NoticeAnnouncement() {
  const [detail, setDetail] = useState<Notice>();
  return (
    <>
      <CrudPage title="通知公告" fields={fields} api={noticeApi} permissionPrefix="notice" onView={(r: Notice) => setDetail(r)} />
      <NoticeDetailModal notice={detail} open={!!detail} onClose={() => setDetail(undefined)} />
    </>
  );
}

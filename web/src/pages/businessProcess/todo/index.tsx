import React, { useMemo, useState } from 'react';
import { Drawer, Segmented, Tag } from 'antd';
import { history } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import type { CrudApi } from '@/services/system';
import FlowHistory from '@/components/FlowHistory';
import { getDoneList, getTodoList, type FlowInstance } from '@/services/flow';
import { businessLink } from '@/utils/flowLinks';
import { useText } from '@/utils/i18nText';

const STATES: Record<number, { text: string; color: string }> = {
  0: { text: '审批中', color: 'processing' },
  1: { text: '已通过', color: 'success' },
  2: { text: '已驳回', color: 'error' },
  3: { text: '已撤销', color: 'default' },
};

function StateTag({ v }: { v: number }) {
  const tt = useText();
  const s = STATES[v] || { text: String(v), color: 'default' };
  return <Tag color={s.color}>{tt(s.text)}</Tag>;
}

const fields: CrudField[] = [
  { title: '标题', dataIndex: 'title', search: true, width: 260 },
  { title: '流程标识', dataIndex: 'modelKey', search: true, width: 200 },
  { title: '当前环节', dataIndex: 'taskName', width: 160, render: (v: any) => v || '-' },
  { title: '申请人', dataIndex: 'applicantName', width: 110 },
  { title: '状态', dataIndex: 'status', width: 90, render: (v: any) => <StateTag v={Number(v)} /> },
  { title: '发起时间', dataIndex: 'createTime', width: 170 },
  { title: '更新时间', dataIndex: 'updateTime', width: 170 },
];

/** 我的待办: approvals waiting for the caller's signature, and those they signed. */
export default function TodoPage() {
  const tt = useText();
  const [tab, setTab] = useState<'todo' | 'done'>('todo');
  const [history_, setHistory] = useState<FlowInstance | null>(null);
  const api: CrudApi<FlowInstance> = useMemo(() => ({ list: tab === 'todo' ? getTodoList : getDoneList }), [tab]);
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={tab}
        onChange={(v) => setTab(v as 'todo' | 'done')}
        options={[
          { label: tt('待办'), value: 'todo' },
          { label: tt('已办'), value: 'done' },
        ]}
      />
      <CrudPage<FlowInstance>
        key={tab}
        title="我的待办"
        rowKey="processInstanceId"
        fields={fields}
        api={api}
        addBtn={false}
        editBtn={false}
        delBtn={false}
        viewBtn={false}
        rowActions={(r) => {
          const link = businessLink(r.modelKey, r.businessId);
          return [
            link ? (
              <a key="open" onClick={() => history.push(link)}>
                {tt(tab === 'todo' ? '办理' : '查看')}
              </a>
            ) : null,
            <a key="history" onClick={() => setHistory(r)}>
              {tt('流程记录')}
            </a>,
          ].filter(Boolean) as React.ReactNode[];
        }}
      />
      <Drawer width={520} open={!!history_} title={history_?.title || tt('流程记录')} onClose={() => setHistory(null)} destroyOnHidden>
        <FlowHistory processInstanceId={history_?.processInstanceId} />
      </Drawer>
    </>
  );
}

import React, { useState } from 'react';
import { Collapse, Modal, Spin, Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import Markdown from '@/components/Markdown';
import { conversationApi, conversationDetail, type Conversation } from '@/services/aichat';
import { Tx, useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '标题', dataIndex: 'title', search: true },
  { title: '模型', dataIndex: 'model', render: (v: string) => <Tag>{v}</Tag> },
  { title: '消息数', dataIndex: 'messageCount' },
  { title: '创建时间', dataIndex: 'createTime' },
  { title: '最后提问时间', dataIndex: 'updateTime' },
];

/** The caller's own conversations with the safety assistant: list, read (with the thinking steps) and delete. */
export default function ConversationPage() {
  const tt = useText();
  const [view, setView] = useState<Conversation | null>(null);
  const [loading, setLoading] = useState(false);
  const open = async (r: Conversation) => {
    setLoading(true);
    setView({ ...r, messages: [] });
    try {
      setView(await conversationDetail(r.id));
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <CrudPage
        title="助手对话"
        fields={fields}
        api={conversationApi}
        addBtn={false}
        editBtn={false}
        exportBtn={false}
        onView={(r) => void open(r)}
        newestFirst="updateTime"
      />
      <Modal open={!!view} onCancel={() => setView(null)} footer={null} width="70%" title={view?.title}>
        <Spin spinning={loading}>
          {(view?.messages || []).map((m) => (
            <div key={m.id} style={{ marginBottom: 12 }} data-testid={`conversation-${m.role}`}>
              <div style={{ color: '#909399', fontSize: 12 }}>
                <Tx>{m.role === 'user' ? '提问' : '回答'}</Tx> · {m.createTime}
              </div>
              {m.steps && m.steps.length > 0 && (
                <Collapse
                  size="small"
                  style={{ margin: '4px 0' }}
                  items={m.steps.map((s, i) => ({ key: String(i), label: `${tt('思考步骤')} ${i + 1}`, children: s }))}
                />
              )}
              {m.role === 'user' ? <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div> : <Markdown text={m.content} />}
            </div>
          ))}
        </Spin>
      </Modal>
    </>
  );
}

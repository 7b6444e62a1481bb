import React, { useEffect, useState } from 'react';
import { Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { getHistory, type FlowComment } from '@/services/flow';
import { useText } from '@/utils/i18nText';

/** How each recorded action reads and looks. */
export const ACTIONS: Record<string, { text: string; color: string }> = {
  start: { text: '发起', color: 'blue' },
  pass: { text: '通过', color: 'green' },
  reject: { text: '驳回', color: 'red' },
  record: { text: '记录', color: 'gray' },
  cancel: { text: '撤销', color: 'orange' },
};

export interface FlowHistoryProps {
  processInstanceId?: string;
}

/** The signatures of an approval (step, person, time, action, comment), oldest first. */
export default function FlowHistory({ processInstanceId }: FlowHistoryProps) {
  const tt = useText();
  const [items, setItems] = useState<FlowComment[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!processInstanceId) {
      setItems([]);
      return;
    }
    let live = true;
    setLoading(true);
    getHistory(processInstanceId)
      .then((l) => live && setItems(l))
      .catch(() => live && setItems([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [processInstanceId]);
  if (loading) return <Spin />;
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('暂无审批记录')} />;
  return (
    <Timeline
      className="flow-history"
      items={items.map((c, i) => {
        const a = ACTIONS[c.action] || { text: c.action, color: 'gray' };
        return {
          key: i,
          color: a.color,
          children: (
            <div data-testid="flow-history-item">
              <Typography.Text strong>{c.taskName}</Typography.Text> <Tag color={a.color}>{tt(a.text)}</Tag>
              <div>
                {c.userName} <Typography.Text type="secondary">{c.time}</Typography.Text>
              </div>
              {c.comment ? <div>{c.comment}</div> : null}
            </div>
          ),
        };
      })}
    />
  );
}

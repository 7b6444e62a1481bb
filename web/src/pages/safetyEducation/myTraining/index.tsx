import { useText } from '@/utils/i18nText';
import React, { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Progress, Space, Table, Tag } from 'antd';
import { PageContainer } from '@ant-design/pro-components';
import { history } from '@umijs/max';
import { PLAN_LEVELS, PLAN_TYPES, myPlans, myShortfalls, type ComplianceRow, type HourCounter } from '@/services/education';
import ComplianceTag from '../trainingMatrix/ComplianceTag';

const label = (opts: { label: string; value: number }[], v: number) => opts.find((o) => o.value === v)?.label ?? '';

/** My training (我的培训): the plans naming the caller, with the verified 学时 on their courses. */
export default function MyTrainingPage() {
  const tt = useText();
  const [rows, setRows] = useState<any[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [loading, setLoading] = useState(false);
  const load = useCallback(() => {
    setLoading(true);
    myPlans({ current, size: 10 })
      .then((p) => {
        setRows(p.records || []);
        setTotal(p.total || 0);
      })
      .finally(() => setLoading(false));
  }, [current]);
  useEffect(load, [load]);
  return (
    <PageContainer title={false}>
      <Shortfalls />
      <Card>
        <Table
          rowKey="id"
          loading={loading}
          dataSource={rows}
          pagination={{ current, total, pageSize: 10, onChange: setCurrent }}
          columns={[
            { title: tt('计划名称'), dataIndex: 'name' },
            { title: tt('类型'), dataIndex: 'type', width: 70, render: (v) => tt(String(label(PLAN_TYPES, v))) },
            {
              title: tt('级别'),
              dataIndex: 'level',
              width: 80,
              render: (v) => (v ? <Tag color="blue">{tt(String(label(PLAN_LEVELS, v)))}</Tag> : '-'),
            },
            { title: tt('开始日期'), dataIndex: 'startDate', width: 110 },
            { title: tt('结束日期'), dataIndex: 'endDate', width: 110 },
            { title: tt('培训课程'), dataIndex: 'courseNames', ellipsis: true },
            {
              title: tt('已完成课程'),
              width: 100,
              render: (_, r) => `${r.myCompleted ?? 0} / ${r.courseCount ?? 0}`,
            },
            {
              title: tt('学时'),
              width: 200,
              render: (_, r) => (
                <span data-testid="plan-hours">
                  {r.myHours ?? 0} / {r.hours}
                  <Progress percent={Math.min(100, Math.round(((r.myHours ?? 0) * 100) / (r.hours || 1)))} size="small" />
                </span>
              ),
            },
            {
              title: tt('操作'),
              width: 90,
              render: () => (
                <Button type="link" size="small" onClick={() => history.push('/safetyEducationNew/myonlineCourse')}>
                  去学习
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}

/** h-edu-matrix: the caller's own shortfalls: the required courses of their posts not done, and this year's 学时. */
function Shortfalls() {
  const tt = useText();
  const [posts, setPosts] = useState<ComplianceRow[]>([]);
  const [hours, setHours] = useState<HourCounter>();
  useEffect(() => {
    myShortfalls().then((r) => {
      setPosts(r.posts || []);
      setHours(r.hours);
    });
  }, []);
  const missing = posts.flatMap((p) => (p.items || []).filter((it) => it.state !== 1).map((it) => ({ post: p, it })));
  const hoursShort = hours && hours.short > 0;
  if (!posts.length && !hours) return null;
  return (
    <Card title={tt('岗位必修与学时')} style={{ marginBottom: 16 }} data-testid="my-shortfalls">
      {missing.length === 0 && !hoursShort ? (
        <Alert type="success" showIcon message={tt('岗位必修课程均已完成,年度学时已达标')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={`${tt('岗位必修课程未完成')}: ${missing.length}`}
              description={missing.map(({ post, it }) => (
                <span key={`${post.postId}-${it.courseId}`}>
                  {post.postName} · <ComplianceTag item={it} />
                </span>
              ))}
            />
          )}
          {hoursShort && (
            <Alert
              type="warning"
              showIcon
              message={`${tt('年度学时未达标')}: ${hours.credited} / ${hours.required} (${tt('尚差学时')} ${hours.short})`}
            />
          )}
        </Space>
      )}
    </Card>
  );
}

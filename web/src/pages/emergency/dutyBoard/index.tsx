import React from 'react';
import { Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { DUTY_TYPES, dutyBoard, type DutyBoard } from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';

type Item = NonNullable<DutyBoard['items']>[number];

/** Today's duty board (今日值班): who is on duty now per department or post, with phones. */
export default function DutyBoardPage() {
  const tt = useText();
  const [board, setBoard] = React.useState<DutyBoard>();
  const [loading, setLoading] = React.useState(true);
  React.useEffect(() => {
    dutyBoard()
      .then(setBoard)
      .finally(() => setLoading(false));
  }, []);
  const hm = (s?: string) => (s || '').slice(11, 16);
  const columns = [
    {
      title: tt('状态'),
      key: 'now',
      width: 90,
      render: (_: any, it: Item) => (it.onDutyNow ? <Tag color="green">{tt('在岗')}</Tag> : <Tag>{tt('非当班')}</Tag>),
    },
    {
      title: tt('值班类型'),
      key: 'type',
      width: 90,
      render: (_: any, it: Item) => tt(DUTY_TYPES.find((d) => d.value === it.roster?.dutyType)?.label || ''),
    },
    { title: tt('部门/岗位'), key: 'org', render: (_: any, it: Item) => it.roster?.orgName },
    {
      title: tt('班次'),
      key: 'shift',
      render: (_: any, it: Item) => `${it.roster?.shiftName || ''} ${hm(it.from)}-${hm(it.to)}`,
    },
    { title: tt('带班领导'), key: 'leader', render: (_: any, it: Item) => it.roster?.leaderName },
    {
      title: tt('值班人员'),
      key: 'people',
      render: (_: any, it: Item) => (
        <Space direction="vertical" size={0}>
          {(it.roster?.people || [])
            .filter((p) => !p.leader)
            .map((p) => (
              <span key={p.userId} data-testid="duty-person">
                {p.userName} {p.phone ? <Typography.Text type="secondary">{p.phone}</Typography.Text> : null}
              </span>
            ))}
        </Space>
      ),
    },
    { title: tt('值班电话'), key: 'phone', render: (_: any, it: Item) => it.roster?.phone },
  ];
  return (
    <>
      <Card
        title={
          <span>
            <Tx>今日值班</Tx> {board?.today}
          </span>
        }
      >
        {!loading && !(board?.items || []).length ? (
          <Empty description={tt('今日无值班安排')} />
        ) : (
          <Table<Item>
            rowKey={(it) => `${it.roster?.id}-${it.from}`}
            loading={loading}
            columns={columns}
            dataSource={board?.items || []}
            pagination={false}
          />
        )}
      </Card>
    </>
  );
}

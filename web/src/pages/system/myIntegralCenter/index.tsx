import React, { useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { StarOutlined, TrophyOutlined, RiseOutlined } from '@ant-design/icons';
import { myPoints, type PointItem, type PointsCentre } from '@/services/education';
import { useText } from '@/utils/i18nText';

const SOURCE_COLOR: Record<string, string> = { 考试: 'blue', 隐患上报: 'orange' };

/**
 * My points centre (spec 2.2 /system/myIntegralCenter). The points are computed by the
 * education service from the records that earn them (passed exams, reported hidden dangers),
 * so a voided report or a removed attempt takes its points with it.
 */
export default function MyIntegralCenter() {
  const tt = useText();
  const [data, setData] = useState<PointsCentre>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState('');

  useEffect(() => {
    myPoints()
      .then((d) => setData(d))
      .catch((e) => setFailed(e?.message || tt('积分读取失败')))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once on open
  }, []);

  const columns = [
    { title: tt('时间'), dataIndex: 'time', width: 170 },
    {
      title: tt('来源'),
      dataIndex: 'source',
      width: 110,
      render: (v: string) => <Tag color={SOURCE_COLOR[v]}>{tt(v)}</Tag>,
    },
    { title: tt('事项'), dataIndex: 'title', ellipsis: true },
    { title: tt('明细'), dataIndex: 'detail', ellipsis: true },
    { title: tt('积分'), dataIndex: 'points', width: 80, align: 'right' as const, render: (v: number) => `+${v}` },
  ];

  return (
    <div data-testid="points-centre">
      {failed && <Alert type="error" showIcon message={failed} style={{ marginBottom: 16 }} />}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={8}>
          <Card bordered={false} loading={loading}>
            <Statistic title={tt('我的积分')} value={data?.total ?? 0} prefix={<StarOutlined />} valueStyle={{ color: '#1677ff' }} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card bordered={false} loading={loading}>
            <Statistic title={tt('本月获得')} value={data?.month ?? 0} prefix={<RiseOutlined />} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card bordered={false} loading={loading}>
            <Statistic
              title={tt('排名')}
              value={data && data.total > 0 ? data.rank : '-'}
              suffix={data && data.total > 0 ? `/ ${data.people}` : undefined}
              prefix={<TrophyOutlined />}
            />
          </Card>
        </Col>
      </Row>
      <Card bordered={false} title={tt('积分明细')} style={{ marginBottom: 16 }}>
        <Table<PointItem>
          rowKey={(r) => `${r.source}-${r.time}-${r.title}`}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.items || []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          locale={{ emptyText: tt('暂无积分记录') }}
          scroll={{ x: 720 }}
        />
      </Card>
      <Card bordered={false} title={tt('积分规则')} size="small">
        <Table
          rowKey="code"
          size="small"
          pagination={false}
          dataSource={data?.rules || []}
          columns={[
            { title: tt('事项'), dataIndex: 'name', render: (v: string) => tt(v) },
            { title: tt('积分'), dataIndex: 'points', width: 80, align: 'right' as const },
            { title: tt('依据'), dataIndex: 'source', width: 140, render: (v: string) => tt(v) },
          ]}
        />
      </Card>
    </div>
  );
}

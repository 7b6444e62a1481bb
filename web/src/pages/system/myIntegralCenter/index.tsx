import React from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { StarOutlined, TrophyOutlined } from '@ant-design/icons';

/** My points center: the points service arrives with the education issue. */
export default function MyIntegralCenter() {
  return (
    <div>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title="我的积分" value={0} prefix={<StarOutlined />} />
          </Card>
        </Col>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title="本月获得" value={0} prefix={<TrophyOutlined />} />
          </Card>
        </Col>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title="排名" value="-" />
          </Card>
        </Col>
      </Row>
      <Card bordered={false} title="积分明细">
        <Empty description="暂无积分记录" />
      </Card>
    </div>
  );
}

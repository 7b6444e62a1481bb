import React from 'react';
import { Card, Col, Empty, Row, Statistic } from 'antd';
import { StarOutlined, TrophyOutlined } from '@ant-design/icons';
import { useText } from '@/utils/i18nText';

/** My points center: the points service arrives with the education issue. */
export default function MyIntegralCenter() {
  const tt = useText();
  return (
    <div>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title={tt('我的积分')} value={0} prefix={<StarOutlined />} />
          </Card>
        </Col>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title={tt('本月获得')} value={0} prefix={<TrophyOutlined />} />
          </Card>
        </Col>
        <Col span={8}>
          <Card bordered={false}>
            <Statistic title={tt('排名')} value="-" />
          </Card>
        </Col>
      </Row>
      <Card bordered={false} title={tt('积分明细')}>
        <Empty description={tt('暂无积分记录')} />
      </Card>
    </div>
  );
}

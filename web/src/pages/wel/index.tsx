import React, { useEffect } from 'react';
import { Avatar, Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import { BellOutlined, ClockCircleOutlined, SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useSession } from '@/stores/session';
import { useNotices } from '@/stores/notices';
import { useModule } from '@/stores/module';
import { headerTitle, useEnterprise } from '@/stores/enterprise';
import { moduleTitle } from '@/utils/menu';
import { STATUS_TAG } from '@/components/NoticeWidget';
import website from '@/config/website';
import avatarImg from '@/assets/avatar.svg';

function greeting(h = new Date().getHours()) {
  if (h < 6) return '凌晨好';
  if (h < 11) return '早上好';
  if (h < 13) return '中午好';
  if (h < 18) return '下午好';
  return '晚上好';
}

/** Dashboard: welcome card and unread notices. */
export default function Welcome() {
  const userInfo = useSession((s) => s.userInfo);
  const { unread, list, loading, refresh } = useNotices();
  const moduleName = useModule((s) => s.moduleName);
  const enterprise = useEnterprise();
  useEffect(() => {
    refresh();
  }, []);
  return (
    <div>
      <Card bordered={false} style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
          <Avatar size={64} src={userInfo.avatar || avatarImg} />
          <div style={{ flex: 1 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {greeting()},{userInfo.nick_name || userInfo.real_name || userInfo.account},欢迎使用{website.title}!
            </Typography.Title>
            <Typography.Text type="secondary">
              {headerTitle(enterprise)} {userInfo.role_name ? `· ${userInfo.role_name}` : ''} · 安全生产,人人有责
            </Typography.Text>
          </div>
          <Row gutter={32} style={{ minWidth: 360 }}>
            <Col span={8}>
              <Statistic title="未读消息" value={unread} prefix={<BellOutlined />} />
            </Col>
            <Col span={8}>
              <Statistic title="当前模块" value={moduleTitle(moduleName) || '-'} valueStyle={{ fontSize: 20 }} />
            </Col>
            <Col span={8}>
              <Statistic title="系统版本" value={website.version} valueStyle={{ fontSize: 20 }} />
            </Col>
          </Row>
        </div>
      </Card>
      <Row gutter={16}>
        <Col span={16}>
          <Card
            title={
              <span>
                <BellOutlined /> 未读通知
              </span>
            }
            extra={<a onClick={() => history.push('/businessProcess/noticeAnnouncement/index')}>更多</a>}
            bordered={false}
            loading={loading && !list.length}
          >
            {list.length ? (
              <List
                dataSource={list}
                renderItem={(n) => (
                  <List.Item>
                    <List.Item.Meta
                      title={
                        <span>
                          {STATUS_TAG[String(n.status)] && <Tag color={STATUS_TAG[String(n.status)].color}>{STATUS_TAG[String(n.status)].text}</Tag>}
                          {n.messageTitle}
                        </span>
                      }
                      description={<Typography.Paragraph ellipsis={{ rows: 1 }} style={{ margin: 0 }} type="secondary">{n.messageContent}</Typography.Paragraph>}
                    />
                    <span style={{ color: '#999', fontSize: 12 }}>
                      <ClockCircleOutlined /> {n.messagePushTime}
                    </span>
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读通知" />
            )}
          </Card>
        </Col>
        <Col span={8}>
          <Card title={<span><SafetyOutlined /> 快捷入口</span>} bordered={false}>
            <List
              dataSource={[
                { text: '个人信息', path: '/info/index', icon: <TeamOutlined /> },
                { text: '通知公告', path: '/businessProcess/noticeAnnouncement/index', icon: <BellOutlined /> },
                { text: '切换模块', path: '/select-module', icon: <SafetyOutlined /> },
              ]}
              renderItem={(i) => (
                <List.Item style={{ cursor: 'pointer' }} onClick={() => history.push(i.path)}>
                  <span>
                    {i.icon} {i.text}
                  </span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}

import React, { useEffect } from 'react';
import { Avatar, Card, Col, Empty, List, Row, Statistic, Tag, Typography } from 'antd';
import CardContainer from '@/components/CardContainer';
import TileBlock from '@/components/TileBlock';
import { AppstoreOutlined, BellOutlined, ClockCircleOutlined, DeleteOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { history, useIntl } from '@umijs/max';
import { useSession } from '@/stores/session';
import { useNotices } from '@/stores/notices';
import { useModule } from '@/stores/module';
import { headerTitle, useEnterprise } from '@/stores/enterprise';
import { moduleTitle } from '@/utils/menu';
import { STATUS_TAG } from '@/components/NoticeWidget';
import website from '@/config/website';
import avatarImg from '@/assets/avatar.svg';

function greetingKey(h = new Date().getHours()) {
  if (h < 6) return 'wel.morning0';
  if (h < 11) return 'wel.morning';
  if (h < 13) return 'wel.noon';
  if (h < 18) return 'wel.afternoon';
  return 'wel.evening';
}

/** Dashboard: welcome card and unread notices. */
export default function Welcome() {
  const userInfo = useSession((s) => s.userInfo);
  const { unread, list, loading, refresh } = useNotices();
  const moduleName = useModule((s) => s.moduleName);
  const enterprise = useEnterprise();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useEffect(() => {
    refresh();
  }, [refresh]);
  const company = headerTitle(enterprise);
  const moduleLabel = moduleTitle(moduleName);
  return (
    <div>
      <Card bordered={false} style={{ marginBottom: 16 }}>
        {/* on a narrow screen the figures wrap under the greeting (spec 9: nothing scrolls sideways) */}
        <div style={{ display: 'flex', alignItems: 'center', gap: 20, flexWrap: 'wrap' }}>
          <Avatar size={64} src={userInfo.avatar || avatarImg} />
          <div style={{ flex: '1 1 200px', minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: true }}>
              {t(greetingKey())}, {userInfo.nick_name || userInfo.real_name || userInfo.account}, {t('wel.welcome')} {t('app.title')}!
            </Typography.Title>
            <Typography.Text type="secondary">
              {headerTitle(enterprise)} {userInfo.role_name ? `· ${userInfo.role_name}` : ''} · {t('wel.motto')}
            </Typography.Text>
          </div>
          <div className="aq-wel-figures">
            <Statistic title={t('wel.unread')} value={unread} prefix={<BellOutlined />} />
            <Statistic title={t('wel.module')} value={moduleLabel || '-'} valueStyle={{ fontSize: 20 }} />
            <Statistic title={t('wel.version')} value={website.version} valueStyle={{ fontSize: 20 }} />
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <CardContainer
            icon={<BellOutlined />}
            title={t('wel.unreadNotices')}
            extra={<a onClick={() => history.push('/businessProcess/noticeAnnouncement/index')}>{t('wel.more')}</a>}
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
                          {STATUS_TAG[String(n.status)] && (
                            <Tag color={STATUS_TAG[String(n.status)].color}>{STATUS_TAG[String(n.status)].text}</Tag>
                          )}
                          {n.messageTitle}
                        </span>
                      }
                      description={
                        <Typography.Paragraph ellipsis={{ rows: 1 }} style={{ margin: 0 }} type="secondary">
                          {n.messageContent}
                        </Typography.Paragraph>
                      }
                    />
                    <span style={{ color: '#999', fontSize: 12 }}>
                      <ClockCircleOutlined /> {n.messagePushTime}
                    </span>
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wel.noUnread')} />
            )}
          </CardContainer>
        </Col>
        <Col xs={24} lg={8}>
          <CardContainer icon={<SafetyOutlined />} title={t('wel.shortcuts')}>
            <div className="aq-tile-list">
              <TileBlock
                to="/info/index"
                text={t('navbar.userinfo')}
                dept={company || '-'}
                icon={<UserOutlined />}
                color="#409EFF"
                testId="tile-info"
              />
              <TileBlock
                to="/businessProcess/noticeAnnouncement/index"
                text={t('top.notice')}
                dept={`${t('wel.unread')} ${unread}`}
                icon={<BellOutlined />}
                color="#E6A23C"
              />
              <TileBlock
                to="/select-module"
                text={t('wel.switchModule')}
                dept={moduleLabel || '-'}
                icon={<AppstoreOutlined />}
                color="#67C23A"
              />
              <TileBlock
                to="/system/cache_manage"
                text={t('tagsView.cacheManage')}
                dept={company || '-'}
                icon={<DeleteOutlined />}
                color="#909399"
              />
            </div>
          </CardContainer>
        </Col>
      </Row>
    </div>
  );
}

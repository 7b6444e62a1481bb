import React, { useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Spin, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useNotices } from '@/stores/notices';
import website from '@/config/website';
import type { Notice } from '@/services/desk';
import NoticeDetailModal from '@/components/NoticeDetail';
import VideoAlarmBadge from './VideoAlarmBadge';

export const STATUS_TAG: Record<string, { text: string; color: string }> = {
  '5': { text: '置顶', color: 'red' },
  '6': { text: '重要', color: 'orange' },
  '7': { text: '普通', color: 'blue' },
};

/** Top-bar bell: unread count capped at 99, latest unread list, detail and mark read. */
export default function NoticeWidget({ color }: { color?: string }) {
  const { unread, list, loading, refresh, read } = useNotices();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Notice | undefined>();

  useEffect(() => {
    refresh();
    const t = setInterval(refresh, 60000);
    return () => clearInterval(t);
  }, [refresh]);

  const content = (
    <div style={{ width: 340 }}>
      <Spin spinning={loading}>
        {list.length ? (
          <List
            size="small"
            dataSource={list}
            renderItem={(n) => (
              <List.Item
                style={{ cursor: 'pointer' }}
                onClick={() => {
                  setDetail(n);
                  setOpen(false);
                  read([n.id]).catch(() => undefined);
                }}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {STATUS_TAG[String(n.status)] && (
                        <Tag color={STATUS_TAG[String(n.status)].color}>{STATUS_TAG[String(n.status)].text}</Tag>
                      )}
                      <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                        {n.messageTitle}
                      </Typography.Text>
                    </span>
                  }
                  description={
                    <span style={{ fontSize: 12 }}>
                      {n.messagePushName} · {n.messagePushTime}
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />
        )}
      </Spin>
      <div style={{ display: 'flex', justifyContent: 'space-between', borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
        <Button size="small" type="link" disabled={!list.length} onClick={() => read(list.map((n) => n.id))}>
          全部标为已读
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            history.push('/businessProcess/noticeAnnouncement/index');
          }}
        >
          查看全部
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <VideoAlarmBadge color={color} />
      <Popover content={content} title="通知公告" trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
        <span data-testid="notice-widget" style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex' }}>
          <Badge count={unread} overflowCount={website.badgeMax} size="small">
            <BellOutlined style={{ fontSize: 18, color }} />
          </Badge>
        </span>
      </Popover>
      <NoticeDetailModal notice={detail} open={!!detail} onClose={() => setDetail(undefined)} />
    </>
  );
}

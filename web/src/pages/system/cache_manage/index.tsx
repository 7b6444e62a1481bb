import React, { useState } from 'react';
import { Button, Card, Descriptions, Result } from 'antd';
import { message, modal } from '@/utils/feedback';
import { DeleteOutlined } from '@ant-design/icons';
import { clearCache } from '@/services/auth';
import { clearDictCache } from '@/services/system';
import { getAllStore } from '@/utils/storage';
import { useText } from '@/utils/i18nText';

/** tokens are credentials: never shown on screen (JSON.stringify replacer) */
const mask = (k: string, v: unknown) => (/token/i.test(k) && typeof v === 'string' && v ? '••••••' : v);

/** Cache management: clears the server cache and the client's dictionary cache. */
export default function CacheManage() {
  const [loading, setLoading] = useState(false);
  const tt = useText();
  const [done, setDone] = useState(false);
  const entries = getAllStore();
  const run = () =>
    modal.confirm({
      title: tt('提示'),
      content: tt('是否需要清除缓存?'),
      okText: tt('确定'),
      cancelText: tt('取消'),
      onOk: async () => {
        setLoading(true);
        try {
          await clearCache();
          clearDictCache();
          message.success(tt('清除完毕'));
          setDone(true);
        } finally {
          setLoading(false);
        }
      },
    });
  return (
    <Card bordered={false} title={tt('缓存管理')}>
      <Result
        status={done ? 'success' : 'info'}
        title={tt(done ? '缓存已清除' : '清除系统缓存')}
        subTitle={tt('清除服务端的字典、菜单、参数等缓存,以及本地的字典缓存。')}
        extra={
          <Button type="primary" danger icon={<DeleteOutlined />} loading={loading} onClick={run} id="clear-cache">
            {tt('清除缓存')}
          </Button>
        }
      />
      <Descriptions
        title={tt('本地存储')}
        size="small"
        bordered
        column={1}
        styles={{ label: { width: 180 }, content: { wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 } }}
      >
        {entries.map((e) => {
          const text = /token/i.test(e.name)
            ? '••••••'
            : typeof e.content === 'object'
              ? JSON.stringify(e.content, mask)
              : String(e.content);
          return (
            <Descriptions.Item key={e.name} label={e.name}>
              {text.length > 160 ? `${text.slice(0, 160)}…` : text}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}

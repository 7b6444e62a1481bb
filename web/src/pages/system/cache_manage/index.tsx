import React, { useState } from 'react';
import { Button, Card, Descriptions, Result } from 'antd';
import { message, modal } from '@/utils/feedback';
import { DeleteOutlined } from '@ant-design/icons';
import { clearCache } from '@/services/auth';
import { clearDictCache } from '@/services/system';
import { getAllStore } from '@/utils/storage';

/** Cache management: clears the server cache and the client's dictionary cache. */
export default function CacheManage() {
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const entries = getAllStore();
  const run = () =>
    modal.confirm({
      title: '提示',
      content: '是否需要清除缓存?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setLoading(true);
        try {
          await clearCache();
          clearDictCache();
          message.success('清除完毕');
          setDone(true);
        } finally {
          setLoading(false);
        }
      },
    });
  return (
    <Card bordered={false} title="缓存管理">
      <Result
        status={done ? 'success' : 'info'}
        title={done ? '缓存已清除' : '清除系统缓存'}
        subTitle="清除服务端的字典、菜单、参数等缓存,以及本地的字典缓存。"
        extra={
          <Button type="primary" danger icon={<DeleteOutlined />} loading={loading} onClick={run} id="clear-cache">
            清除缓存
          </Button>
        }
      />
      <Descriptions title="本地存储" size="small" bordered column={2}>
        {entries.map((e) => (
          <Descriptions.Item key={e.name} label={e.name}>
            {typeof e.content === 'object' ? `${JSON.stringify(e.content).slice(0, 60)}…` : String(e.content)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

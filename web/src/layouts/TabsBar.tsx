import React from 'react';
import { Dropdown, Tabs } from 'antd';
import { message, modal } from '@/utils/feedback';
import { DownOutlined } from '@ant-design/icons';
import { history, useIntl, useLocation } from '@umijs/max';
import { useTabs } from '@/stores/tabs';
import { clearDictCache } from '@/services/system';

/** The tab strip (spec 2.4): close others, close all, clear cache, cache management. */
export default function TabsBar({ translate }: { translate: (label: string, meta?: any) => string }) {
  const { list, active, close, closeOthers, closeAll, closable } = useTabs();
  // the highlighted tab is the page shown: a page without a tab (refused, not found) highlights none
  const path = useLocation().pathname;
  const shown = list.some((x) => x.value === path) ? path : '';
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });

  const go = (value: string) => {
    const tab = list.find((x) => x.value === value);
    const q = tab?.query && Object.keys(tab.query).length ? `?${new URLSearchParams(tab.query as any).toString()}` : '';
    history.push(value + q);
  };

  const onMenu = ({ key }: { key: string }) => {
    if (key === 'others') closeOthers();
    if (key === 'all') go(closeAll());
    if (key === 'cache')
      modal.confirm({
        title: '提示',
        content: '是否需要清除缓存?',
        okText: '确定',
        cancelText: '取消',
        onOk: () => {
          clearDictCache();
          message.success('清除完毕');
        },
      });
    if (key === 'manage') history.push('/system/cache_manage');
  };

  return (
    <div className="aq-tabs" data-testid="tabs-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={shown}
        onChange={go}
        onEdit={(key, action) => {
          if (action === 'remove') {
            const wasActive = key === active;
            const next = close(String(key));
            if (wasActive) go(next);
          }
        }}
        items={list.map((tab) => ({
          key: tab.value,
          label: translate(tab.label, tab.meta),
          closable: closable(tab.value),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown
              menu={{
                onClick: onMenu,
                items: [
                  { key: 'others', label: t('tagsView.closeOthers') },
                  { key: 'all', label: t('tagsView.closeAll') },
                  { key: 'cache', label: t('tagsView.clearCache') },
                  { key: 'manage', label: t('tagsView.cacheManage') },
                ],
              }}
            >
              <span className="aq-tabs-menu" data-testid="tabs-menu">
                {t('tagsView.menu')} <DownOutlined />
              </span>
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}

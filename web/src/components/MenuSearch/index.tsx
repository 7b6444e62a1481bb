import React, { useEffect, useMemo, useRef, useState } from 'react';
import { Empty, Input, List, Modal, Tooltip } from 'antd';
import type { InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useIntl, useAccess } from '@umijs/max';
import { useModule } from '@/stores/module';
import { filterMenus, flattenLeaves, searchMenus, type MenuEntry } from '@/utils/menu';
import { menuText } from '@/utils/i18nMenu';

/** 菜单搜索 overlay: leaf menus by name prefix; Esc closes. */
export default function MenuSearch({ color, onPick }: { color?: string; onPick: (m: MenuEntry) => void }) {
  const [open, setOpen] = useState(false);
  const [kw, setKw] = useState('');
  const tree = useModule((s) => s.tree);
  const access = useAccess();
  const intl = useIntl();
  const ref = useRef<InputRef>(null);
  const tr = (m: MenuEntry) => menuText(m, intl.messages as any, intl.locale);

  const leaves = useMemo(() => {
    const withModule: MenuEntry[] = [];
    filterMenus(tree, access.canSeeMenu).forEach((mod) =>
      flattenLeaves(mod.children).forEach((l) => withModule.push({ ...l, topMenuId: l.topMenuId || mod.id, group: mod.name })),
    );
    return withModule;
  }, [tree, access]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- tr is a new function each render; it changes only with the locale, which is listed
  const hits = useMemo(() => searchMenus(leaves, kw, tr), [leaves, kw, intl.locale]);

  useEffect(() => {
    if (open) setTimeout(() => ref.current?.focus(), 50);
    else setKw('');
  }, [open]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Tooltip title="菜单搜索">
        <span data-testid="menu-search" style={{ cursor: 'pointer', padding: '0 8px', fontSize: 18, color }} onClick={() => setOpen(true)}>
          <SearchOutlined />
        </span>
      </Tooltip>
      <Modal
        title="菜单搜索"
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={560}
        keyboard
        destroyOnHidden
        className="aq-menu-search"
      >
        <Input
          ref={ref}
          size="large"
          prefix={<SearchOutlined />}
          placeholder="请输入菜单名称"
          value={kw}
          onChange={(e) => setKw(e.target.value)}
          allowClear
        />
        <div style={{ maxHeight: 380, overflow: 'auto', marginTop: 12 }}>
          {hits.length ? (
            <List
              size="small"
              dataSource={hits}
              renderItem={(m) => (
                <List.Item
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    setOpen(false);
                    onPick(m);
                  }}
                >
                  <List.Item.Meta title={tr(m)} description={`${m.group || ''} ${m.path}`} />
                </List.Item>
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的菜单" />
          )}
        </div>
      </Modal>
    </>
  );
}

import React, { useState } from 'react';
import { Modal, Tooltip } from 'antd';
import { BgColorsOutlined, CheckCircleFilled } from '@ant-design/icons';
import { THEMES, useTheme } from '@/stores/theme';

/** Theme dialog with the 11 themes of spec 2.4; the choice is stored and set on <body>. */
export default function ThemeChooser({ color }: { color?: string }) {
  const [open, setOpen] = useState(false);
  const { name, setTheme } = useTheme();
  return (
    <>
      <Tooltip title="主题">
        <span
          data-testid="theme-chooser"
          style={{ cursor: 'pointer', padding: '0 8px', fontSize: 18, color }}
          onClick={() => setOpen(true)}
        >
          <BgColorsOutlined />
        </span>
      </Tooltip>
      <Modal title="选择主题" open={open} onCancel={() => setOpen(false)} footer={null} width={640}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 16 }}>
          {THEMES.map((t) => (
            <div
              key={t.name}
              data-theme={t.name}
              onClick={() => setTheme(t.name)}
              style={{
                cursor: 'pointer',
                border: `2px solid ${name === t.name ? t.primary : '#f0f0f0'}`,
                borderRadius: 6,
                overflow: 'hidden',
                position: 'relative',
              }}
            >
              <div style={{ height: 14, background: t.header, borderBottom: '1px solid #eee' }} />
              <div style={{ display: 'flex', height: 56 }}>
                <div style={{ width: 28, background: t.sider }} />
                <div style={{ flex: 1, background: '#f5f7fa', padding: 6 }}>
                  <div style={{ height: 8, width: '70%', background: t.primary, borderRadius: 2 }} />
                </div>
              </div>
              <div style={{ textAlign: 'center', fontSize: 12, padding: '4px 0' }}>{t.label}</div>
              {name === t.name && <CheckCircleFilled style={{ position: 'absolute', right: 4, top: 18, color: t.primary }} />}
            </div>
          ))}
        </div>
      </Modal>
    </>
  );
}

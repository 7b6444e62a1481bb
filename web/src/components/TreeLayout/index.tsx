import React, { useState } from 'react';
import { Col, Row } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useText } from '@/utils/i18nText';

/** Tree-plus-content layout (spec 2.8): collapsible left panel, default 4 of 24 columns. */
export default function TreeLayout({
  tree,
  children,
  span = 4,
  title,
}: {
  tree: React.ReactNode;
  children: React.ReactNode;
  span?: number;
  title?: string;
}) {
  const [open, setOpen] = useState(true);
  const tt = useText();
  return (
    <Row gutter={open ? 12 : 0} wrap={false} style={{ position: 'relative' }}>
      {open && (
        <Col span={span} style={{ minWidth: 200 }}>
          <div className="aq-page-card" style={{ height: '100%', padding: '12px 8px' }}>
            {title && (
              <div style={{ fontWeight: 600, padding: '0 8px 8px', borderBottom: '1px solid #f0f0f0', marginBottom: 8 }}>{tt(title)}</div>
            )}
            {tree}
          </div>
        </Col>
      )}
      <Col flex="auto" style={{ minWidth: 0, position: 'relative' }}>
        <span
          onClick={() => setOpen(!open)}
          data-testid="tree-toggle"
          style={{
            position: 'absolute',
            left: open ? -12 : 0,
            top: '40%',
            zIndex: 5,
            width: 14,
            height: 48,
            background: '#dcdfe6',
            borderRadius: '0 6px 6px 0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: 'pointer',
            fontSize: 10,
            color: '#606266',
          }}
        >
          {open ? <LeftOutlined /> : <RightOutlined />}
        </span>
        {children}
      </Col>
    </Row>
  );
}

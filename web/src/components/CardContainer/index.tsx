import React from 'react';
import { Card } from 'antd';

export interface CardContainerProps {
  title?: React.ReactNode;
  icon?: React.ReactNode;
  extra?: React.ReactNode;
  loading?: boolean;
  children?: React.ReactNode;
  className?: string;
  style?: React.CSSProperties;
  /** no body padding (tables, lists that bring their own) */
  flush?: boolean;
}

/** The card container of the pages (spec 2.8): one look for titled page sections. */
export default function CardContainer({ title, icon, extra, loading, children, className, style, flush }: CardContainerProps) {
  return (
    <Card
      className={`aq-card-container ${className || ''}`}
      variant="borderless"
      title={
        title ? (
          <span className="aq-card-title">
            {icon}
            {icon ? ' ' : ''}
            {title}
          </span>
        ) : undefined
      }
      extra={extra}
      loading={loading}
      style={{ marginBottom: 16, ...style }}
      styles={flush ? { body: { padding: 0 } } : undefined}
    >
      {children}
    </Card>
  );
}

import React from 'react';
import { history } from '@umijs/max';
import './index.less';

export interface TileBlockProps {
  /** route the tile opens */
  to: string;
  /** main text */
  text: React.ReactNode;
  /** department line under the text */
  dept?: React.ReactNode;
  icon?: React.ReactNode;
  /** accent colour of the icon disc */
  color?: string;
  testId?: string;
}

/** A tile linking to a route, with a text, a department line and an icon (spec 2.8). */
export default function TileBlock({ to, text, dept, icon, color = '#409EFF', testId }: TileBlockProps) {
  const open = () => history.push(to);
  return (
    <div
      className="aq-tile"
      role="link"
      tabIndex={0}
      data-testid={testId}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
    >
      <div className="aq-tile-body">
        <div className="aq-tile-text">{text}</div>
        {dept !== undefined && dept !== '' && <div className="aq-tile-dept">{dept}</div>}
      </div>
      {icon && (
        <span className="aq-tile-icon" style={{ color, background: `${color}1a` }}>
          {icon}
        </span>
      )}
    </div>
  );
}

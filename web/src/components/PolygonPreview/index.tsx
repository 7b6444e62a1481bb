import React from 'react';
import { parsePolygon, polygonPath } from '@/services/factory';

/**
 * A small drawing of a polygon text (outer ring and holes, even-odd fill), so a person can see
 * the shape they typed. Shows nothing for an empty text and the reason for a malformed one.
 */
export default function PolygonPreview({ value, size = 96, colour = '#1677ff' }: { value?: string; size?: number; colour?: string }) {
  if (!value || !value.trim()) return null;
  const p = parsePolygon(value);
  if ('error' in p) return <span style={{ color: '#ff4d4f', fontSize: 12 }}>{p.error}</span>;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 100 100"
      data-testid="polygon-preview"
      style={{ background: '#fafafa', border: '1px solid #f0f0f0' }}
    >
      <path d={polygonPath(p.rings)} fill={colour} fillOpacity={0.35} fillRule="evenodd" stroke={colour} strokeWidth={1.5} />
    </svg>
  );
}

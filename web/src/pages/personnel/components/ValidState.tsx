import React from 'react';
import { Tag } from 'antd';
import { Tx } from '@/utils/i18nText';

/** Validity of a certificate: 1 valid, 2 expiring within the reminder window, 3 expired. */
export const VALID_STATES = [
  { label: '有效', value: 1 },
  { label: '即将到期', value: 2 },
  { label: '已过期', value: 3 },
];

const COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };

export const IN_OR_OUT = [
  { label: '内部人员', value: 1 },
  { label: '外部人员', value: 2 },
];

export default function ValidState({ state, daysLeft }: { state?: number; daysLeft?: number }) {
  const s = VALID_STATES.find((o) => o.value === Number(state));
  if (!s) return <>-</>;
  return (
    <span>
      <Tag color={COLORS[s.value]}>
        <Tx>{s.label}</Tx>
      </Tag>
      {s.value === 2 && daysLeft !== undefined && (
        <span style={{ color: '#fa8c16' }}>
          {daysLeft} <Tx>天</Tx>
        </span>
      )}
    </span>
  );
}

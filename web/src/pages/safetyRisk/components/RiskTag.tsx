import React from 'react';
import { Tag } from 'antd';
import { riskLevelOf } from '@/services/prevention';
import { Tx } from '@/utils/i18nText';

/** A risk level as its colour tag (red / orange / yellow / blue); '未评估' without a level. */
export default function RiskTag({ level, colour, score }: { level?: any; colour?: string; score?: number }) {
  const l = riskLevelOf(level) || riskLevelOf(colour);
  if (!l)
    return (
      <Tag>
        <Tx>未评估</Tx>
      </Tag>
    );
  return (
    <Tag color={l.hex} style={l.colour === 'yellow' ? { color: '#614700' } : undefined} data-risk={l.colour}>
      <Tx>{l.label}</Tx>
      {score !== undefined && score !== null && Number(score) > 0 ? ` ${score}` : ''}
    </Tag>
  );
}

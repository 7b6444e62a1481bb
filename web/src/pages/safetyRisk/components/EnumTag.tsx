import React from 'react';
import { Tag } from 'antd';
import { Tx } from '@/utils/i18nText';

/** A coded value as a coloured tag with its (translated) option label. */
export default function EnumTag({
  value,
  options,
  colors,
}: {
  value: any;
  options: { value: any; label: string }[];
  colors?: Record<string, string>;
}) {
  if (value === undefined || value === null || value === '') return <span>-</span>;
  const label = options.find((o) => String(o.value) === String(value))?.label;
  return <Tag color={colors?.[String(value)]}>{label ? <Tx>{label}</Tx> : String(value)}</Tag>;
}

import { useText } from '@/utils/i18nText';
import React from 'react';
import { Tag, Tooltip } from 'antd';
import { COMPLIANCE_STATES, type ComplianceItem } from '@/services/education';

/** A required course's verdict as a coloured tag. */
export default function ComplianceTag({ item }: { item: ComplianceItem }) {
  const tt = useText();
  const s = COMPLIANCE_STATES.find((x) => x.value === item.state);
  return (
    <Tooltip
      title={[
        item.requiredHours ? `${tt('要求学时')} ${item.requiredHours} / ${tt('已获学时')} ${item.creditedHours ?? 0}` : '',
        item.expireDate ? `${tt('失效日期')} ${item.expireDate}` : '',
      ]
        .filter(Boolean)
        .join(', ')}
    >
      <Tag color={s?.color} style={{ marginBottom: 4 }}>
        {item.courseName}: {tt(s?.label ?? '')}
      </Tag>
    </Tooltip>
  );
}

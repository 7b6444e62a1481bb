import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ruleApi } from '@/services/equipment';

const fields: CrudField[] = [
  { title: '规则代码', dataIndex: 'kind', search: 'equal', form: { required: true } },
  { title: '规则名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '检测周期(月)', dataIndex: 'intervalMonths', type: 'digit', form: { required: true } },
  { title: '提前提醒(天)', dataIndex: 'leadDays', type: 'digit', form: { initialValue: 30 } },
  { title: '依据', dataIndex: 'basis', form: { span: 24 } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** The tenant's detection rule table (检测周期规则): intervals of special equipment and their lead days. */
export default function DetectionRulePage() {
  return <CrudPage title="检测周期规则" fields={fields} api={ruleApi} permissionPrefix="equipment_rule" exportBtn={false} />;
}

import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { equipmentFields } from '../components/equipmentFields';
import { RECORD_KINDS, RESULTS, recordApi } from '@/services/equipment';

const fields: CrudField[] = [
  ...equipmentFields,
  { title: '记录类型', dataIndex: 'kind', search: 'equal', options: RECORD_KINDS, form: { required: true, initialValue: 1 } },
  { title: '记录日期', dataIndex: 'recordDate', type: 'date', form: { required: true } },
  {
    title: '检测结论',
    dataIndex: 'result',
    search: 'equal',
    options: RESULTS,
    form: { initialValue: 1, tooltip: '不合格将停用设备并上报隐患' },
  },
  { title: '检验机构', dataIndex: 'org', form: {} },
  { title: '报告编号', dataIndex: 'reportNo', hideInTable: true, form: {} },
  {
    title: '下次到期',
    dataIndex: 'nextDue',
    type: 'date',
    form: { tooltip: '有检测周期规则或维护周期时自动计算,否则必填' },
  },
  { title: '记录人', dataIndex: 'operatorName', form: false },
  { title: '内容', dataIndex: 'content', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Maintenance and detection records (维护检测记录); never edited, removed by their author or a manager. */
export default function EquipmentRecordPage() {
  return (
    <CrudPage title="维护检测记录" fields={fields} api={recordApi} permissionPrefix="equipment_record" exportBtn={false} editBtn={false} />
  );
}

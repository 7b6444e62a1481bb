import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { ENABLES, planApi, pointOptions } from '@/services/equipment';
import { userOptions } from '@/services/user';
import { getDeptTree } from '@/services/system';

const fields: CrudField[] = [
  { title: '计划名称', dataIndex: 'name', search: true, form: { required: true } },
  {
    title: '巡检路线',
    dataIndex: 'pointIds',
    hideInTable: true,
    form: { type: 'select', required: true, multiple: true, request: pointOptions, span: 24, tooltip: '按选择顺序巡检' },
  },
  { title: '巡检点数', dataIndex: 'pointCount', form: false },
  {
    title: '巡检人员',
    dataIndex: 'inspectorUserId',
    hideInTable: true,
    form: { type: 'select', required: true, request: userOptions, viewAs: 'inspectorName' },
  },
  { title: '巡检人员', dataIndex: 'inspectorName', form: false },
  {
    title: '巡检班组',
    dataIndex: 'deptId',
    hideInTable: true,
    form: { type: 'treeSelect', request: () => getDeptTree(), tooltip: '统计时计入的班组,不选则为保存人所在部门' },
  },
  {
    title: '周期(小时)',
    dataIndex: 'cycleHours',
    type: 'digit',
    form: { required: true, tooltip: '1、2、3、4、6、8、12、24 或整天数(48 到 720)' },
  },
  {
    title: '启用状态',
    dataIndex: 'enable',
    search: 'equal',
    options: [{ label: '启用', value: 1 }, ENABLES[1]],
    form: { initialValue: 1 },
  },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

const toList = (v: any) => (Array.isArray(v) ? v.join(',') : v);
const fromList = (v: any) => (typeof v === 'string' && v ? v.split(',') : v);

/** Inspection plans (巡检计划): a route of points, its inspector and its cycle. */
export default function InspectionPlanPage() {
  return (
    <CrudPage
      title="巡检计划"
      fields={fields}
      api={planApi}
      permissionPrefix="inspection_plan"
      exportBtn={false}
      beforeSubmit={(v) => ({ ...v, pointIds: toList(v.pointIds) })}
      beforeOpen={(r: any) => ({ ...r, pointIds: fromList(r.pointIds) })}
    />
  );
}

import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { PLAN_LEVELS, PLAN_TYPES, courseOptions, planApi } from '@/services/education';
import { userOptions } from '@/services/user';
import { getDeptTree } from '@/services/system';

const noLevel = (get: (n: string) => any) => !get('level');

const fields: CrudField[] = [
  { title: '计划名称', dataIndex: 'name', search: true, form: { required: true, span: 24 } },
  { title: '培训类型', dataIndex: 'type', search: 'equal', options: PLAN_TYPES, width: 90, form: { required: true, initialValue: 5 } },
  {
    title: '培训级别',
    dataIndex: 'level',
    search: 'equal',
    options: PLAN_LEVELS,
    width: 90,
    form: { required: true, initialValue: 0, tooltip: '三级安全教育:公司级、车间级、班组级的学时取自培训规则' },
  },
  { title: '开始日期', dataIndex: 'startDate', type: 'date', width: 110, form: { required: true } },
  { title: '结束日期', dataIndex: 'endDate', type: 'date', width: 110, form: { required: true, after: 'startDate' } },
  {
    title: '要求学时',
    dataIndex: 'hours',
    type: 'digit',
    width: 90,
    form: { required: noLevel, initialValue: 8, fieldProps: { precision: 1, step: 0.5 }, tooltip: '分级培训时按培训规则自动取值' },
  },
  {
    title: '培训课程',
    dataIndex: 'courseIds',
    type: 'select',
    render: (_: any, r: any) => r.courseNames,
    form: { required: true, span: 24, multiple: true, request: courseOptions, viewAs: 'courseNames' },
  },
  {
    title: '培训人员',
    dataIndex: 'userIds',
    type: 'select',
    hideInTable: true,
    form: { span: 24, multiple: true, request: userOptions, viewAs: 'userNames', tooltip: '可只选部门;保存时人员与部门在职人员合并为名单' },
  },
  {
    title: '培训部门',
    dataIndex: 'deptIds',
    hideInTable: true,
    form: { type: 'treeSelect', span: 24, multiple: true, request: () => getDeptTree(), tooltip: '部门及其下级部门的在职人员' },
  },
  { title: '人数', dataIndex: 'assigned', width: 70, form: false },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: { span: 24 } },
];

const ids = (v: any): string[] => (v ? String(v).split(',') : []);
const join = (v: any): string => (Array.isArray(v) ? v.join(',') : v || '');

/**
 * Training plans (培训计划): entry, transfer, return, certification, routine and 四新 training
 * for people and departments, with courses and dates; three-level plans take their hours from
 * the tenant's training rules.
 */
export default function TrainingPlanPage() {
  return (
    <CrudPage
      title="培训计划"
      fields={fields}
      api={planApi}
      permissionPrefix="training_planning"
      exportBtn={false}
      dialogWidth={760}
      beforeOpen={(r: any) => ({ ...r, courseIds: ids(r.courseIds), userIds: ids(r.userIds), deptIds: ids(r.deptIds) })}
      beforeSubmit={(v: any) => ({ ...v, courseIds: join(v.courseIds), userIds: join(v.userIds), deptIds: join(v.deptIds) })}
    />
  );
}

import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { guardianApi, WORK_TYPES } from '@/services/certificate';
import { userOptions } from '@/services/user';

/** 作业监护人: who may guard each type of special work (the permit forms offer only them). */
const fields: CrudField[] = [
  { title: '作业类型', dataIndex: 'workType', options: WORK_TYPES, search: 'equal', width: 150, form: { required: true } },
  { title: '监护人', dataIndex: 'userName', width: 120, form: false },
  {
    title: '监护人',
    dataIndex: 'userId',
    hideInTable: true,
    form: { required: true, type: 'select', request: userOptions, viewAs: 'userName' },
  },
  { title: '账号', dataIndex: 'account', width: 120, form: false },
  { title: '所属部门', dataIndex: 'deptName', width: 140, form: false },
  { title: '联系电话', dataIndex: 'phone', width: 130, form: false },
  { title: '备注', dataIndex: 'remark', type: 'textarea', form: { span: 24 } },
];

export default function WorkGuardianPage() {
  return (
    <CrudPage
      title="作业监护人"
      fields={fields}
      api={guardianApi}
      permissionPrefix="work_guardian"
      exportBtn={false}
      beforeOpen={(r: any) => ({ ...r, userId: r.userId ? String(r.userId) : r.userId })}
    />
  );
}

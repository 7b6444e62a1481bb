import React from 'react';
import { Tag, Tooltip } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { companyOptions, personApi } from '@/services/contractor';
import { userOptions } from '@/services/user';
import { Tx } from '@/utils/i18nText';
import { rule } from '@/utils/validate';

const fields: CrudField[] = [
  { title: '姓名', dataIndex: 'name', search: true, width: 90, form: { required: true } },
  {
    title: '所属单位',
    dataIndex: 'companyId',
    search: 'equal',
    type: 'select',
    render: (_: any, r: any) => r.companyName,
    form: { required: true, request: companyOptions, viewAs: 'companyName' },
  },
  { title: '身份证号', dataIndex: 'idCard', width: 180, form: { required: true } },
  { title: '联系电话', dataIndex: 'phone', hideInTable: true, form: { rules: [rule.mobile] } },
  {
    title: '登录账号',
    dataIndex: 'userId',
    type: 'select',
    hideInTable: true,
    form: { request: userOptions, viewAs: 'userName', tooltip: '作业票与考试按账号识别人员' },
  },
  { title: '工种', dataIndex: 'workType', width: 100, form: {} },
  { title: '证书编号', dataIndex: 'certificateNo', hideInTable: true, form: {} },
  { title: '证书有效期', dataIndex: 'certificateExpire', type: 'date', width: 110, form: {} },
  {
    title: '入场培训',
    dataIndex: 'trained',
    search: 'equal',
    width: 100,
    options: [
      { label: '已通过', value: 1 },
      { label: '未通过', value: 0 },
    ],
    form: false,
    render: (_: any, r: any) =>
      r.trained ? (
        <Tooltip title={`${r.trainedTime} ~ ${r.trainExpire}`}>
          <Tag color="green">
            <Tx>已通过</Tx>
          </Tag>
        </Tooltip>
      ) : (
        <Tag color="orange">
          <Tx>未通过</Tx>
        </Tag>
      ),
  },
  {
    title: '准入资格',
    dataIndex: 'allowed',
    width: 110,
    form: false,
    render: (_: any, r: any) =>
      r.allowed ? (
        <Tag color="green">
          <Tx>可以作业</Tx>
        </Tag>
      ) : (
        <Tooltip title={r.reason}>
          <Tag color="red" data-testid="person-refused">
            <Tx>不可作业</Tx>
          </Tag>
        </Tooltip>
      ),
  },
  { title: '不可作业原因', dataIndex: 'reason', hideInTable: true, form: false },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: { span: 24 } },
];

/** 承包商人员: the workers, their certificate, entry training and whether they may be put on a job. */
export default function ContractorPersonPage() {
  return (
    <CrudPage
      title="承包商人员"
      fields={fields}
      api={personApi}
      permissionPrefix="ct_person"
      exportBtn={false}
      dialogWidth={760}
      beforeSubmit={(v: any) => ({ ...v, userId: v.userId || '0' })}
    />
  );
}

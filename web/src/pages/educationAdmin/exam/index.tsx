import React from 'react';
import { history } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { examApi, paperOptions } from '@/services/education';
import { userOptions } from '@/services/user';
import { getDeptTree, getRoleTree } from '@/services/system';
import { companyOptions } from '@/services/contractor';
import { Tx } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '考试名称', dataIndex: 'name', search: true, form: { required: true, span: 24 } },
  {
    title: '试卷',
    dataIndex: 'paperId',
    type: 'select',
    render: (_: any, r: any) => r.paperName,
    form: { required: true, request: paperOptions, viewAs: 'paperName' },
  },
  { title: '开始时间', dataIndex: 'startTime', type: 'dateTime', width: 170, form: { required: true } },
  { title: '结束时间', dataIndex: 'endTime', type: 'dateTime', width: 170, form: { required: true, after: 'startTime' } },
  {
    title: '考试人员',
    dataIndex: 'userIds',
    type: 'select',
    hideInTable: true,
    form: {
      span: 24,
      multiple: true,
      request: userOptions,
      viewAs: 'userNames',
      tooltip: '可只选部门、角色或承包商单位;保存时各项的人员合并为考试名单',
    },
  },
  {
    title: '考试部门',
    dataIndex: 'deptIds',
    hideInTable: true,
    form: { type: 'treeSelect', span: 12, multiple: true, request: () => getDeptTree(), tooltip: '部门及其下级部门的在职人员' },
  },
  {
    title: '考试角色',
    dataIndex: 'roleIds',
    hideInTable: true,
    form: { type: 'treeSelect', span: 12, multiple: true, request: () => getRoleTree(), tooltip: '拥有该角色的在职人员' },
  },
  {
    title: '考试承包商单位',
    dataIndex: 'companyIds',
    type: 'select',
    hideInTable: true,
    form: { span: 24, multiple: true, request: companyOptions, tooltip: '承包商单位中有登录账号的人员' },
  },
  { title: '应考', dataIndex: 'assigned', width: 70, form: false },
  { title: '交卷', dataIndex: 'submitted', width: 70, form: false },
  { title: '合格', dataIndex: 'passed', width: 70, form: false },
  {
    title: '考试次数',
    dataIndex: 'maxAttempts',
    type: 'digit',
    width: 90,
    form: { initialValue: 1, tooltip: '每人最多可考几次(1-10),不合格可重考' },
  },
  {
    title: '试题乱序',
    dataIndex: 'shuffleQuestions',
    type: 'switch',
    hideInTable: true,
    form: { initialValue: false, tooltip: '每位考生的试题顺序不同,刷新后不变' },
  },
  {
    title: '选项乱序',
    dataIndex: 'shuffleOptions',
    type: 'switch',
    hideInTable: true,
    form: { initialValue: false, tooltip: '选择题的选项顺序因人而异,刷新后不变' },
  },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: { span: 24 } },
];

const ids = (v: any): string[] => (v ? String(v).split(',') : []);
const join = (v: any): string => (Array.isArray(v) ? v.join(',') : v || '');

/**
 * Exams (考试安排): a paper for people in a time window; counts of hand-ins and passes. The
 * candidates are the named people plus the members of the chosen departments and roles and the
 * workers (with a login account) of the chosen contractor companies, fixed when the exam is saved.
 */
export default function ExamPage() {
  return (
    <CrudPage
      title="考试安排"
      fields={fields}
      api={examApi}
      permissionPrefix="edu_exam"
      exportBtn={false}
      dialogWidth={760}
      beforeOpen={(r: any) => ({
        ...r,
        userIds: ids(r.userIds),
        deptIds: ids(r.deptIds),
        roleIds: ids(r.roleIds),
        companyIds: ids(r.companyIds),
      })}
      beforeSubmit={(v: any) => ({
        ...v,
        userIds: join(v.userIds),
        deptIds: join(v.deptIds),
        roleIds: join(v.roleIds),
        companyIds: join(v.companyIds),
      })}
      rowActions={(r: any) => [
        <a key="results" data-testid="exam-results" onClick={() => history.push(`/safetyEducation/result?examId=${r.id}`)}>
          <Tx>成绩</Tx>
        </a>,
      ]}
    />
  );
}

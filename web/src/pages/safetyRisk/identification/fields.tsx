import React from 'react';
import { history } from '@umijs/max';
import type { CrudField } from '@/components/CrudPage';
import RiskTag from '../components/RiskTag';
import EnumTag from '../components/EnumTag';
import {
  areaOptions,
  deptTree,
  eventOptions,
  measureOptions,
  objectOptions,
  postOptions,
  unitOptions,
  userOptions,
} from '../components/lookups';
import {
  CLASSIFY1,
  CLASSIFY2,
  CONTROL_LEVEL,
  CYCLE_UNIT,
  DATA_SRC,
  DICT,
  DUTY_TYPE,
  OPERATION_STATE,
  RISK_CLASS,
  ASSESS_METHOD,
} from '../options';

/**
 * Field lists of the risk-grading entities (风险分析对象 → 单元 → 事件 → 管控措施 → 排查计划),
 * shared by the list pages and the tabs of the unit detail page. `scope` narrows the selects
 * of the detail page to one unit.
 */
export const DETAIL_PATH = '/safetyRisk/identification/riskUnitDetail';
export const openUnit = (id: any) => history.push(`${DETAIL_PATH}?id=${id}`);

/** id references as the selects hold them: strings, and none for an unset 0 */
export function idsToText<T extends Record<string, any>>(r: T): T {
  const out: Record<string, any> = { ...r };
  Object.keys(out).forEach((k) => {
    if (!/Id$/.test(k) || k === 'tenantId' || k === 'processInstanceId') return;
    const v = out[k];
    out[k] = v === undefined || v === null || v === '' || String(v) === '0' ? undefined : String(v);
  });
  return out as T;
}

const responsible = (dataIndex: string, nameIndex: string, required = false): CrudField[] => [
  { title: '责任人', dataIndex: nameIndex, width: 100, form: false },
  { title: '责任人', dataIndex, hideInTable: true, form: { type: 'select', required, request: userOptions, viewAs: nameIndex } },
];
const dept = (dataIndex: string, nameIndex: string): CrudField[] => [
  { title: '责任部门', dataIndex: nameIndex, width: 120, form: false },
  { title: '责任部门', dataIndex, hideInTable: true, form: { type: 'treeSelect', request: deptTree, viewAs: nameIndex } },
];

export const objectFields: CrudField[] = [
  { title: '对象名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '对象编码', dataIndex: 'code', search: true, width: 140, form: { placeholder: '重大危险源编码或自定义编码' } },
  { title: '所在区域', dataIndex: 'areaName', width: 140, form: false },
  {
    title: '所在区域',
    dataIndex: 'areaId',
    hideInTable: true,
    form: { type: 'select', required: true, request: areaOptions, viewAs: 'areaName' },
  },
  ...dept('deptId', 'deptName'),
  ...responsible('responsibleUserId', 'responsibleUserName'),
  { title: '分析单元数', dataIndex: 'unitCount', width: 100, form: false },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

type Opts = { label: string; value: string }[];

/** a select of references: the loaded options (search form and dialog), else the loader */
const refOptions = (options?: Opts) => (options && options.length ? { options } : {});
const refForm = (options: Opts | undefined, request: () => Promise<Opts>) => (options && options.length ? {} : { request });

export function unitFields(opts: { link?: boolean; objects?: Opts } = {}): CrudField[] {
  return [
    {
      title: '单元名称',
      dataIndex: 'name',
      search: true,
      form: { required: true },
      render: (v, r) => (opts.link ? <a onClick={() => openUnit(r.id)}>{v}</a> : v),
    },
    { title: '单元编码', dataIndex: 'code', search: true, width: 130, form: { required: true } },
    { title: '分析对象', dataIndex: 'objectName', width: 140, form: false },
    {
      title: '分析对象',
      dataIndex: 'objectId',
      hideInTable: true,
      search: 'equal',
      ...refOptions(opts.objects),
      form: { type: 'select', required: true, ...refForm(opts.objects, objectOptions), viewAs: 'objectName' },
    },
    { title: '重大危险源编码', dataIndex: 'hazardCode', hideInTable: true, form: {} },
    {
      title: '风险分级',
      dataIndex: 'riskClass',
      dictCode: DICT.riskClass,
      options: RISK_CLASS,
      search: 'equal',
      width: 100,
      render: (v) => <RiskTag level={v} />,
      form: { required: true, tooltip: '单元的固有风险等级(1 重大 2 较大 3 一般 4 低)' },
    },
    {
      title: '评估风险',
      dataIndex: 'riskLevel',
      options: RISK_CLASS,
      search: 'equal',
      width: 100,
      render: (v, r) => <RiskTag level={v} colour={r.riskColour} />,
      form: false,
    },
    { title: '事件数', dataIndex: 'eventCount', width: 90, form: false },
    ...dept('deptId', 'deptName'),
    ...responsible('responsibleUserId', 'responsibleUserName', true),
    {
      title: '运行状态',
      dataIndex: 'operationState',
      dictCode: DICT.operationState,
      options: OPERATION_STATE,
      search: 'equal',
      width: 90,
      render: (v) => <EnumTag value={v} options={OPERATION_STATE} colors={{ '1': 'green', '2': 'default' }} />,
      form: { type: 'radio', initialValue: 1 },
    },
    { title: '所在区域', dataIndex: 'areaName', hideInTable: true, form: false },
    { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
  ];
}

/** events are added and edited in EventFormModal (live grading); these are the columns */
export function eventFields(scope: { unitId?: string; units?: Opts } = {}): CrudField[] {
  return [
    { title: '事件名称', dataIndex: 'name', search: true },
    ...(scope.unitId
      ? []
      : ([
          { title: '分析单元', dataIndex: 'unitName', width: 140 },
          {
            title: '分析单元',
            dataIndex: 'unitId',
            hideInTable: true,
            search: 'equal',
            ...refOptions(scope.units),
            form: { type: 'select', ...refForm(scope.units, unitOptions), viewAs: 'unitName' },
          },
        ] as CrudField[])),
    { title: '评价方法', dataIndex: 'method', dictCode: DICT.assessMethod, options: ASSESS_METHOD, search: 'equal', width: 90 },
    { title: 'L', dataIndex: 'l', width: 60 },
    { title: 'E', dataIndex: 'e', width: 60 },
    { title: 'C', dataIndex: 'c', width: 60 },
    { title: 'S', dataIndex: 's', width: 60 },
    { title: '风险值', dataIndex: 'score', width: 80 },
    {
      title: '风险等级',
      dataIndex: 'riskLevel',
      options: RISK_CLASS,
      search: 'equal',
      width: 100,
      render: (v, r) => <RiskTag level={v} colour={r.riskColour} />,
    },
    { title: '管控层级', dataIndex: 'controlLevel', dictCode: DICT.controlLevel, options: CONTROL_LEVEL, width: 90 },
    { title: '事件描述', dataIndex: 'description', hideInTable: true },
  ];
}

export function measureFields(scope: { unitId?: string; events?: Opts } = {}): CrudField[] {
  const q = scope.unitId ? { unitId_equal: scope.unitId } : {};
  return [
    { title: '风险事件', dataIndex: 'eventName', width: 160, form: false },
    {
      title: '风险事件',
      dataIndex: 'eventId',
      hideInTable: true,
      search: scope.unitId ? undefined : 'equal',
      ...refOptions(scope.events),
      form: { type: 'select', required: true, ...refForm(scope.events, () => eventOptions(q)), viewAs: 'eventName' },
    },
    ...(scope.unitId ? [] : ([{ title: '分析单元', dataIndex: 'unitName', width: 130, form: false }] as CrudField[])),
    {
      title: '管控方式',
      dataIndex: 'dataSrc',
      dictCode: DICT.dataSrc,
      options: DATA_SRC,
      search: 'equal',
      width: 110,
      form: { required: true },
    },
    {
      title: '措施分类',
      dataIndex: 'classify1',
      dictCode: DICT.classify1,
      options: CLASSIFY1,
      search: 'equal',
      width: 100,
      form: { required: true },
    },
    {
      title: '措施子类',
      dataIndex: 'classify2',
      dictCode: DICT.classify2,
      options: CLASSIFY2.map((o) => ({ value: o.value, label: o.label })),
      width: 120,
      form: { required: true, tooltip: '编码前缀须与措施分类一致,如 1-1 属于工程技术' },
    },
    { title: '自定义分类', dataIndex: 'classify3', hideInTable: true, form: {} },
    {
      title: '管控措施',
      dataIndex: 'description',
      search: true,
      width: 260,
      form: {
        type: 'textarea',
        required: true,
        span: 24,
        rules: [{ max: 4000, message: '管控措施不能超过4000字' }],
        fieldProps: { maxLength: 4000, showCount: true },
      },
    },
    { title: '隐患排查内容', dataIndex: 'troubleshootContent', type: 'textarea', width: 200, form: { span: 24 } },
    { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
  ];
}

export function planFields(scope: { unitId?: string } = {}): CrudField[] {
  const q = scope.unitId ? { unitId_equal: scope.unitId } : {};
  return [
    { title: '计划名称', dataIndex: 'name', search: true, form: { placeholder: '不填则取管控措施内容' } },
    { title: '管控措施', dataIndex: 'measureDesc', width: 220, form: false },
    {
      title: '管控措施',
      dataIndex: 'measureId',
      hideInTable: true,
      form: { type: 'select', required: true, span: 24, request: () => measureOptions(q), viewAs: 'measureDesc' },
    },
    ...(scope.unitId ? [] : ([{ title: '分析单元', dataIndex: 'unitName', width: 130, form: false }] as CrudField[])),
    {
      title: '排查周期',
      dataIndex: 'checkCycle',
      type: 'digit',
      width: 90,
      form: { required: true, fieldProps: { min: 1, precision: 0 } },
    },
    {
      title: '周期单位',
      dataIndex: 'checkCycleUnit',
      dictCode: DICT.cycleUnit,
      options: CYCLE_UNIT,
      search: 'equal',
      width: 90,
      form: { required: true },
    },
    {
      title: '责任类型',
      dataIndex: 'dutyType',
      dictCode: DICT.dutyType,
      options: DUTY_TYPE,
      width: 90,
      form: { type: 'radio', initialValue: 2, tooltip: '人员须选责任人,岗位须选岗位,部门须选部门' },
    },
    ...dept('deptId', 'deptName'),
    { title: '责任岗位', dataIndex: 'postName', width: 100, form: false },
    {
      title: '责任岗位',
      dataIndex: 'postId',
      hideInTable: true,
      form: {
        type: 'select',
        viewAs: 'postName',
        request: postOptions,
      },
    },
    ...responsible('responsibleUserId', 'responsibleUserName'),
    { title: '开始时间', dataIndex: 'startTime', type: 'dateTime', width: 160, form: { required: true } },
    {
      title: '结束时间',
      dataIndex: 'endTime',
      type: 'dateTime',
      hideInTable: true,
      form: { tooltip: '不填则长期有效', after: 'startTime' },
    },
    {
      title: '启用',
      dataIndex: 'enabled',
      options: [
        { label: '启用', value: 1 },
        { label: '停用', value: 0 },
      ],
      search: 'equal',
      width: 80,
      form: { type: 'radio', initialValue: 1 },
    },
    { title: '下次排查窗口', dataIndex: 'nextWindow', width: 160, form: false },
    { title: '隐患排查内容', dataIndex: 'troubleshootContent', type: 'textarea', hideInTable: true, form: { span: 24 } },
    { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
  ];
}

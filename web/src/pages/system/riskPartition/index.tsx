import React from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import PolygonPreview from '@/components/PolygonPreview';
import { AREA_TYPES, RISK_COLOURS, areaApi, getDeptTree, parsePolygon, userByTenantId } from '@/services/factory';
import { Tx } from '@/utils/i18nText';

const toTree = (nodes: any[] = []): any[] => nodes.map((n) => ({ title: n.title, value: n.id, children: toTree(n.children) }));

const polygonRule = {
  validator: async (_: unknown, v?: string) => {
    if (!v || !v.trim()) return;
    const p = parsePolygon(v);
    if ('error' in p) throw new Error(p.error);
  },
};

const fields: CrudField[] = [
  { title: '分区名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '分区编码', dataIndex: 'code', search: 'equal', form: {} },
  { title: '区域类型', dataIndex: 'areaType', search: 'equal', options: AREA_TYPES, form: { required: true } },
  {
    title: '风险等级',
    dataIndex: 'riskLevel',
    search: 'equal',
    options: Object.entries(RISK_COLOURS).map(([v, c]) => ({ label: c.label, value: Number(v) })),
    render: (v: number) =>
      RISK_COLOURS[v] ? (
        // dark text on yellow, white on the other colours
        <Tag color={RISK_COLOURS[v].hex} style={{ color: v === 3 ? '#614700' : '#fff' }}>
          <Tx>{RISK_COLOURS[v].label}</Tx>
        </Tag>
      ) : (
        '-'
      ),
    form: { required: true },
  },
  {
    title: '责任部门',
    dataIndex: 'deptId',
    type: 'treeSelect',
    render: (_: any, r: any) => r.deptName || '-',
    form: { viewAs: 'deptName', request: async () => toTree(await getDeptTree()) },
  },
  {
    title: '责任人',
    dataIndex: 'userId',
    type: 'select',
    render: (_: any, r: any) => r.userName || '-',
    form: {
      viewAs: 'userName',
      request: async () => (await userByTenantId()).map((u: any) => ({ label: u.realName || u.name, value: u.id })),
    },
  },
  {
    title: '形状',
    dataIndex: 'shape',
    width: 80,
    render: (_: any, r: any) => <PolygonPreview value={r.areaLocation} size={40} colour={RISK_COLOURS[r.riskLevel]?.hex} />,
    form: false,
  },
  {
    title: '区域范围',
    dataIndex: 'areaLocation',
    type: 'textarea',
    hideInTable: true,
    form: {
      required: true,
      rules: [polygonRule],
      placeholder: '如 [[118.80,32.27],[118.81,32.27],[118.81,32.28]]',
      tooltip: '第一个环为外边界，其后的环为内部空洞；首尾点可不重复',
    },
  },
  { title: '排序', dataIndex: 'sort', type: 'digit', hideInTable: true, form: { fieldProps: { min: 0, precision: 0 } } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

/** Risk partitions (风险分区) of the plant: type, risk colour, responsible dept and person, polygon. */
export default function RiskPartitionPage() {
  return <CrudPage title="风险分区" fields={fields} api={areaApi} permissionPrefix="risk_partition" exportBtn={false} />;
}

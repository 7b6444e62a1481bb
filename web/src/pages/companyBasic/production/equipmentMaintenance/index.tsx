import React, { useState } from 'react';
import { Button, Segmented, Tag } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { CATEGORIES, DUE_STATES, ENABLES, LIFECYCLES, MAINTAIN_STATES, equipmentApi, overdueApi, ruleOptions } from '@/services/equipment';
import { userOptions } from '@/services/user';
import { Tx } from '@/utils/i18nText';
import EquipmentLabels from '../components/EquipmentLabels';

const dueColor = ['default', 'orange', 'red'];

const fields: CrudField[] = [
  { title: '设备编码', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '设备名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '设备类别', dataIndex: 'category', search: 'equal', options: CATEGORIES, form: { required: true } },
  {
    title: '检测周期规则',
    dataIndex: 'ruleId',
    hideInTable: true,
    form: { type: 'select', request: ruleOptions, viewAs: 'ruleName', tooltip: '特种设备必填' },
  },
  { title: '使用登记证编号', dataIndex: 'registerNo', hideInTable: true, form: {} },
  { title: '规格型号', dataIndex: 'model', hideInTable: true, form: {} },
  { title: '生产厂家', dataIndex: 'maker', hideInTable: true, form: {} },
  { title: '安装位置', dataIndex: 'location', form: {} },
  {
    title: '责任人',
    dataIndex: 'responsibleUserId',
    hideInTable: true,
    form: { type: 'select', required: true, request: userOptions, viewAs: 'responsibleUserName' },
  },
  { title: '责任人', dataIndex: 'responsibleUserName', form: false },
  { title: '投用日期', dataIndex: 'commissionDate', type: 'date', hideInTable: true, form: {} },
  { title: '设备状态', dataIndex: 'lifecycle', search: 'equal', options: LIFECYCLES, form: false },
  { title: '维修状态', dataIndex: 'maintainState', options: MAINTAIN_STATES, hideInTable: true, form: { initialValue: 1 } },
  { title: '启用状态', dataIndex: 'enable', search: 'equal', options: ENABLES, form: false },
  { title: '维护周期(天)', dataIndex: 'maintainCycleDays', type: 'digit', hideInTable: true, form: {} },
  { title: '上次检测', dataIndex: 'lastDetectDate', hideInTable: true, form: false },
  { title: '下次检测', dataIndex: 'nextDetectDate', type: 'date', form: { tooltip: '首次登记时按现有检验报告填写,之后由检测记录计算' } },
  { title: '下次维护', dataIndex: 'nextMaintainDate', form: false },
  {
    title: '到期状态',
    dataIndex: 'dueState',
    options: DUE_STATES,
    form: false,
    render: (v: number) => (
      <Tag color={dueColor[v || 0]}>
        <Tx>{DUE_STATES[v || 0]?.label as string}</Tx>
      </Tag>
    ),
  },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** The equipment ledger (设备台账) and its overdue list (到期提醒: due within 30 days or passed). */
export default function EquipmentLedgerPage() {
  const [view, setView] = useState<'all' | 'due'>('all');
  const [labels, setLabels] = useState<any[]>();
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={view}
        onChange={(v) => setView(v as 'all' | 'due')}
        options={[
          { label: <Tx>设备台账</Tx>, value: 'all' },
          { label: <Tx>到期提醒</Tx>, value: 'due' },
        ]}
      />
      <CrudPage
        key={view}
        title={view === 'all' ? '设备台账' : '到期提醒'}
        fields={fields}
        api={view === 'all' ? equipmentApi : overdueApi}
        permissionPrefix="equipment_maintenance"
        exportBtn={false}
        addBtn={view === 'all'}
        toolbarExtra={(selected) => [
          <Button key="labels" icon={<QrcodeOutlined />} onClick={() => setLabels(selected)}>
            <Tx>打印二维码标签</Tx>
          </Button>,
        ]}
      />
      {labels ? <EquipmentLabels rows={labels} onClose={() => setLabels(undefined)} /> : null}
    </>
  );
}

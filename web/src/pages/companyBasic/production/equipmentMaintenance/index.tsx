import React, { useState } from 'react';
import { Button, Segmented, Tag } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { useAccess } from '@umijs/max';
import {
  CATEGORIES,
  DUE_STATES,
  ENABLES,
  HOURS_DUE_STATES,
  LIFECYCLES,
  MAINTAIN_MODES,
  MAINTAIN_STATES,
  equipmentApi,
  overdueApi,
  ruleOptions,
  submitReading,
} from '@/services/equipment';
import { userOptions } from '@/services/user';
import { Tx } from '@/utils/i18nText';
import EquipmentLabels from '../components/EquipmentLabels';
import ActionModal from '@/pages/emergency/components/ActionModal';
import RunReadings from './RunReadings';

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
  {
    title: '维护方式',
    dataIndex: 'maintainMode',
    search: 'equal',
    options: MAINTAIN_MODES,
    hideInTable: true,
    form: { initialValue: 1, tooltip: '按日历:每隔维护周期天数;按运行小时:从上次维护时的累计运行小时起,每隔维护间隔小时' },
  },
  { title: '维护周期(天)', dataIndex: 'maintainCycleDays', type: 'digit', hideInTable: true, form: { tooltip: '按日历维护时填写' } },
  {
    title: '维护间隔(小时)',
    dataIndex: 'maintainIntervalHours',
    type: 'digit',
    hideInTable: true,
    form: { tooltip: '按运行小时维护时填写' },
  },
  {
    title: '提前提醒(小时)',
    dataIndex: 'maintainLeadHours',
    type: 'digit',
    hideInTable: true,
    form: { tooltip: '剩余运行小时不超过此数时列为即将到期' },
  },
  {
    title: '累计运行小时',
    dataIndex: 'runHours',
    type: 'digit',
    form: { addOnly: true, tooltip: '登记时计时器的读数,之后由运行小时读数累计' },
  },
  { title: '上次检测', dataIndex: 'lastDetectDate', hideInTable: true, form: false },
  { title: '下次检测', dataIndex: 'nextDetectDate', type: 'date', form: { tooltip: '首次登记时按现有检验报告填写,之后由检测记录计算' } },
  {
    title: '下次维护',
    dataIndex: 'nextMaintainDate',
    form: false,
    render: (v: string, r: any) =>
      r.maintainMode === 2 ? (
        <span>
          {r.nextMaintainHours} h <Tag color={dueColor[r.hoursDueState || 0]}>{`${r.hoursLeft} h`}</Tag>
        </span>
      ) : (
        v
      ),
  },
  { title: '运行小时到期', dataIndex: 'hoursDue', search: 'equal', options: HOURS_DUE_STATES, hideInTable: true, form: false },
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

/** Whole days from today to a yyyy-MM-dd date (negative when past), in the browser's calendar. */
function daysTo(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const now = new Date();
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())) / 86400000);
}

/**
 * The due list's 剩余 column: a run-hour plan that is due shows its run hours left (negative when
 * past), any other row the days to its next date.
 */
const leftField: CrudField = {
  title: '剩余',
  dataIndex: 'left',
  form: false,
  render: (_: unknown, r: any) =>
    r.hoursDueState > 0 ? (
      <Tag color={dueColor[r.hoursDueState]} data-testid="due-left-hours">
        {r.hoursLeft} <Tx>运行小时</Tx>
      </Tag>
    ) : r.nextDue ? (
      <Tag color={dueColor[r.dueState || 0]}>
        {daysTo(r.nextDue)} <Tx>天</Tx>
      </Tag>
    ) : (
      '-'
    ),
};
const dueFields = [...fields.slice(0, -1), leftField, fields[fields.length - 1]];

/** The equipment ledger (设备台账) and its overdue list (到期提醒: due within 30 days or passed). */
export default function EquipmentLedgerPage() {
  const [view, setView] = useState<'all' | 'due'>('all');
  const [labels, setLabels] = useState<any[]>();
  const access = useAccess();
  const [reading, setReading] = useState<{ rec: any; reload: () => void }>();
  const [history, setHistory] = useState<any>();
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
        fields={view === 'all' ? fields : dueFields}
        api={view === 'all' ? equipmentApi : overdueApi}
        permissionPrefix="equipment_maintenance"
        exportBtn={false}
        addBtn={view === 'all'}
        rowActions={(r: any, reload) => {
          if (r.maintainMode !== 2) return [];
          const out: React.ReactNode[] = [
            <Button key="readings" type="link" size="small" onClick={() => setHistory(r)}>
              <Tx>运行小时</Tx>
            </Button>,
          ];
          if (access.can('equipment_record_add') && r.lifecycle !== 2)
            out.push(
              <Button key="read" type="link" size="small" onClick={() => setReading({ rec: r, reload })}>
                <Tx>录入读数</Tx>
              </Button>,
            );
          return out;
        }}
        toolbarExtra={(selected) => [
          <Button key="labels" icon={<QrcodeOutlined />} onClick={() => setLabels(selected)}>
            <Tx>打印二维码标签</Tx>
          </Button>,
        ]}
      />
      {labels ? <EquipmentLabels rows={labels} onClose={() => setLabels(undefined)} /> : null}
      {reading ? (
        <ActionModal
          title="录入运行小时读数"
          fields={[
            {
              name: 'reading',
              label: '计时器读数(小时)',
              type: 'digit',
              required: true,
              tooltip: `上次读数对应累计 ${reading.rec.runHours} 小时`,
            },
            { name: 'counterReset', label: '计数器已清零或更换', type: 'switch' },
            { name: 'reason', label: '清零原因', type: 'textarea' },
          ]}
          onSubmit={(v) =>
            submitReading({
              equipmentId: reading.rec.id,
              source: 1,
              reading: v.reading,
              counterReset: v.counterReset ? 1 : 0,
              reason: v.reason,
            })
          }
          onClose={(saved) => {
            if (saved) reading.reload();
            setReading(undefined);
          }}
        />
      ) : null}
      {history ? <RunReadings equipment={history} onClose={() => setHistory(undefined)} /> : null}
    </>
  );
}

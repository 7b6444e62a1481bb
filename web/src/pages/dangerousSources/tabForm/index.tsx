import React, { useState } from 'react';
import { Button, Segmented, Tag, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import {
  FACTOR_KINDS,
  HAZARD_LEVELS,
  UNIT_TYPES,
  calculateHazard,
  equipmentOptions,
  factorApi,
  majorHazardApi,
} from '@/services/equipment';
import { userOptions } from '@/services/user';
import { modal } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';
import ImportChemicals from './ImportChemicals';

const levelColor = ['default', 'red', 'orange', 'gold', 'blue'];

/** "甲醇,67-56-1,other,300,500" per line → chemicals (name, CAS, β key, q t, Q t). */
export function parseChemicals(text: string) {
  return (text || '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, cas, factorKey, q, crit] = line.split(/[,,]/).map((s) => s.trim());
      return { name, cas, factorKey, quantity: Number(q), critical: Number(crit) };
    });
}

export function formatChemicals(chems: any[]) {
  return (chems || []).map((c) => [c.name, c.cas, c.factorKey, c.quantity, c.critical].join(',')).join('\n');
}

const user = (title: string, id: string, name: string): CrudField[] => [
  { title, dataIndex: id, hideInTable: true, form: { type: 'select', required: true, request: userOptions, viewAs: name } },
];

const fields: CrudField[] = [
  { title: '危险源编码', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '危险源名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '单元类型', dataIndex: 'unitType', options: UNIT_TYPES, form: { initialValue: 2 } },
  { title: '位置', dataIndex: 'location', hideInTable: true, form: {} },
  { title: '厂界外500米内人数', dataIndex: 'peopleOutside', type: 'digit', hideInTable: true, form: { required: true, initialValue: 0 } },
  ...user('主要负责人', 'mainUserId', 'mainUserName'),
  ...user('技术负责人', 'techUserId', 'techUserName'),
  ...user('操作负责人', 'opUserId', 'opUserName'),
  { title: '主要负责人', dataIndex: 'mainUserName', form: false },
  {
    title: '关联设备',
    dataIndex: 'equipmentIds',
    hideInTable: true,
    form: { type: 'select', multiple: true, request: equipmentOptions, span: 24 },
  },
  {
    title: '危险化学品',
    dataIndex: 'chemicalsText',
    type: 'textarea',
    hideInTable: true,
    form: { required: true, span: 24, tooltip: '每行一种:名称,CAS号,β系数代码,实际存在量q(t),临界量Q(t),如 液氯,7782-50-5,toxic:Cl2,10,5' },
  },
  { title: 'S 值', dataIndex: 'sValue', form: false },
  { title: 'R 值', dataIndex: 'rValue', form: false },
  {
    title: '级别',
    dataIndex: 'level',
    search: 'equal',
    options: HAZARD_LEVELS,
    form: false,
    render: (v: number) => (
      <Tag color={levelColor[v || 0]}>
        <Tx>{HAZARD_LEVELS[v || 0]?.label as string}</Tx>
      </Tag>
    ),
  },
  { title: '计算过程', dataIndex: 'calculation', hideInTable: true, form: false },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

const factorFields: CrudField[] = [
  { title: '系数类型', dataIndex: 'kind', search: 'equal', options: FACTOR_KINDS, form: { required: true, initialValue: 1 } },
  { title: '系数代码', dataIndex: 'key', search: 'equal', form: { required: true } },
  { title: '名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '系数值', dataIndex: 'value', type: 'digit', form: { required: true } },
  { title: '人数下限(α)', dataIndex: 'peopleMin', type: 'digit', form: {} },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: { span: 24 } },
];

const toList = (v: any) => (Array.isArray(v) ? v.join(',') : v);

/** Major hazard installations (重大危险源) graded per GB 18218-2018, and the β/α rule table. */
export default function DangerousSourcePage() {
  const access = useAccess();
  const tt = useText();
  const [tab, setTab] = useState<'source' | 'factor'>('source');
  const showCalc = async (row: any) => {
    const r = await calculateHazard(row);
    modal.info({
      title: tt('分级计算'),
      width: 640,
      content: (
        <Typography.Paragraph>
          {r.calculation}
          <br />
          {tt('级别')}: {HAZARD_LEVELS[r.level || 0]?.label}
        </Typography.Paragraph>
      ),
    });
  };
  const canFactor = access.can('dangerous_source_form_factor');
  const [importing, setImporting] = useState<{ hazard: any; reload: () => void }>();
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={tab}
        onChange={(v) => setTab(v as 'source' | 'factor')}
        options={[
          { label: <Tx>重大危险源</Tx>, value: 'source' },
          { label: <Tx>分级系数</Tx>, value: 'factor' },
        ]}
      />
      {tab === 'source' ? (
        <CrudPage
          title="重大危险源"
          fields={fields}
          api={majorHazardApi}
          permissionPrefix="dangerous_source_form"
          exportBtn={false}
          beforeSubmit={(v) => {
            const { chemicalsText, ...rest } = v;
            return { ...rest, equipmentIds: toList(v.equipmentIds), chemicals: parseChemicals(chemicalsText) };
          }}
          beforeOpen={(r: any) => ({
            ...r,
            chemicalsText: formatChemicals(r.chemicals),
            equipmentIds: typeof r.equipmentIds === 'string' && r.equipmentIds ? r.equipmentIds.split(',') : [],
          })}
          rowActions={(r: any, reload) => [
            <Button key="calc" type="link" size="small" onClick={async () => showCalc(await majorHazardApi.detail!(r.id))}>
              <Tx>计算过程</Tx>
            </Button>,
            ...(access.can('dangerous_source_form_edit')
              ? [
                  <Button
                    key="import"
                    type="link"
                    size="small"
                    onClick={async () => setImporting({ hazard: await majorHazardApi.detail!(r.id), reload })}
                  >
                    <Tx>从化学品台账导入</Tx>
                  </Button>,
                ]
              : []),
          ]}
        />
      ) : (
        <CrudPage
          title="分级系数"
          fields={factorFields}
          api={factorApi}
          exportBtn={false}
          addBtn={canFactor}
          editBtn={canFactor}
          delBtn={canFactor}
        />
      )}
      {importing ? (
        <ImportChemicals
          hazard={importing.hazard}
          onClose={(saved) => {
            if (saved) importing.reload();
            setImporting(undefined);
          }}
        />
      ) : null}
    </>
  );
}

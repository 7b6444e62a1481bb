import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { equipmentOptions, pointApi } from '@/services/equipment';

const fields: CrudField[] = [
  { title: '编码(NFC/二维码)', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '巡检点名称', dataIndex: 'name', search: true, form: { required: true } },
  {
    title: '巡检类型',
    dataIndex: 'pointType',
    search: 'equal',
    options: [
      { label: '设备', value: 1 },
      { label: '点位/区域', value: 2 },
    ],
    form: { initialValue: 2 },
  },
  {
    title: '设备',
    dataIndex: 'equipmentId',
    hideInTable: true,
    form: { type: 'select', request: equipmentOptions, tooltip: '设备巡检点必填' },
  },
  { title: '位置', dataIndex: 'location', form: {} },
  {
    title: '检查项',
    dataIndex: 'itemsText',
    type: 'textarea',
    hideInTable: true,
    form: {
      required: true,
      span: 24,
      tooltip: '每行一项:名称(正常/异常),或 名称:下限~上限 单位(数值),如 出口压力:0.3~1.6 MPa',
    },
  },
  {
    title: '检查项',
    dataIndex: 'items',
    form: false,
    render: (items: any[]) => (items || []).map((i) => i.name).join('、'),
  },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** "出口压力:0.3~1.6 MPa" → a number item; "外观" → a choice item. */
export function parseItems(text: string) {
  return (text || '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = line.match(/^(.+?)[::]\s*(-?[\d.]*)\s*~\s*(-?[\d.]*)\s*(.*)$/);
      if (!m) return { name: line, kind: 1 };
      const num = (s: string) => (s === '' ? undefined : Number(s));
      return { name: m[1].trim(), kind: 2, min: num(m[2]), max: num(m[3]), unit: m[4].trim() };
    });
}

export function formatItems(items: any[]) {
  return (items || [])
    .map((i) => (i.kind === 2 ? `${i.name}:${i.min ?? ''}~${i.max ?? ''}${i.unit ? ` ${i.unit}` : ''}` : i.name))
    .join('\n');
}

/** Inspection points (巡检点): the code written to the NFC tag or QR label, and the check items. */
export default function InspectionPointPage() {
  return (
    <CrudPage
      title="巡检点"
      fields={fields}
      api={pointApi}
      permissionPrefix="inspection_point"
      exportBtn={false}
      beforeSubmit={(v) => {
        const { itemsText, ...rest } = v;
        return { ...rest, items: parseItems(itemsText) };
      }}
      beforeOpen={(r: any) => ({ ...r, itemsText: formatItems(r.items) })}
    />
  );
}

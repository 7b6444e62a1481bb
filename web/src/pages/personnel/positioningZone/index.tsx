import React from 'react';
import { Tag } from 'antd';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import {
  WEEKDAYS,
  ZONE_COLORS,
  ZONE_KINDS,
  permitAreaOptions,
  tagOptions,
  validHHmm,
  validPolygonText,
  zoneApi,
} from '@/services/positioning';
import { Tx } from '@/utils/i18nText';

const TEXT_BAD_TIME = '时间格式应为 HH:mm,如 08:00';
const timeRule = {
  validator: (_r: unknown, v: string) => (v && !validHHmm(v) ? Promise.reject(new Error(TEXT_BAD_TIME)) : Promise.resolve()),
};
const TEXT_BAD_POLYGON = '顶点格式应为 x,y; x,y; ...,至少 3 个';
const kindName = (v: number) => ZONE_KINDS.find((k) => k.value === v)?.label || String(v);

const fields: CrudField[] = [
  { title: '区域名称', dataIndex: 'name', search: true, form: { required: true } },
  {
    title: '区域类型',
    dataIndex: 'kind',
    search: 'equal',
    options: ZONE_KINDS,
    type: 'select',
    form: { required: true, initialValue: 1 },
    render: (v: number) => (
      <Tag color={ZONE_COLORS[v]}>
        <Tx>{kindName(v)}</Tx>
      </Tag>
    ),
  },
  { title: '楼层', dataIndex: 'floor', type: 'digit', search: 'equal', form: { required: true, initialValue: 1 } },
  { title: '最大人数', dataIndex: 'maxHeadcount', type: 'digit', form: { initialValue: 0, tooltip: '0 表示不限' } },
  { title: '当前人数', dataIndex: 'headcount', form: false },
  {
    title: '边界顶点',
    dataIndex: 'polygonText',
    type: 'textarea',
    hideInTable: true,
    form: {
      required: true,
      span: 24,
      rules: [
        {
          validator: (_r: unknown, v: string) =>
            v && !validPolygonText(v) ? Promise.reject(new Error(TEXT_BAD_POLYGON)) : Promise.resolve(),
        },
      ],
      placeholder: '按顺序填写顶点坐标(米),如 0,0; 100,0; 100,80; 0,80',
      tooltip: '至少 3 个顶点,不能自相交',
    },
  },
  {
    title: '允许进入人员',
    dataIndex: 'allowedTagIds',
    hideInTable: true,
    type: 'select',
    form: { request: tagOptions, multiple: true, span: 24, tooltip: '仅限制区域和危险区域:其他人进入即报警' },
  },
  {
    title: '准入星期',
    dataIndex: 'allowWeekdays',
    hideInTable: true,
    type: 'select',
    options: WEEKDAYS,
    form: { multiple: true, tooltip: '允许进入人员仅在所选星期的准入时段内可进入,时段外进入即报串岗;不选表示不限时段' },
  },
  { title: '准入开始', dataIndex: 'allowFrom', hideInTable: true, form: { placeholder: '08:00', rules: [timeRule] } },
  {
    title: '准入结束',
    dataIndex: 'allowTo',
    hideInTable: true,
    form: { placeholder: '18:00', rules: [timeRule], tooltip: '开始和结束都不填表示全天;结束早于开始表示跨夜' },
  },
  {
    title: '作业区域',
    dataIndex: 'areaId',
    type: 'select',
    render: (_v: string, row: any) => row.areaName || '-',
    form: {
      request: permitAreaOptions,
      tooltip: '选择厂区区域后,本区域即该区域作业票的作业区域:有作业票作业中时,不在票上的人员(允许进入人员除外)停留超时即报人证不符',
    },
  },
  { title: '负责人', dataIndex: 'responsibleUserId', hideInTable: true, type: 'select', form: { request: userOptions } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Positioning zones (定位区域): polygons with a kind, a capacity and the people allowed in. */
export default function PositioningZonePage() {
  return <CrudPage title="定位区域" fields={fields} api={zoneApi} permissionPrefix="positioning_zone" exportBtn={false} />;
}

import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { anchorApi } from '@/services/positioning';

const fields: CrudField[] = [
  { title: '基站编号', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '基站名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: 'X 坐标(米)', dataIndex: 'x', type: 'digit', form: { required: true } },
  { title: 'Y 坐标(米)', dataIndex: 'y', type: 'digit', form: { required: true } },
  { title: '楼层', dataIndex: 'floor', type: 'digit', search: 'equal', form: { required: true, initialValue: 1 } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Positioning anchors (定位基站) at known places of the plant (local metres). */
export default function PositioningAnchorPage() {
  return <CrudPage title="定位基站" fields={fields} api={anchorApi} permissionPrefix="positioning_anchor" exportBtn={false} />;
}

import React from 'react';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { DEVICE_TYPES, deviceApi } from '@/services/monitor';

const fields: CrudField[] = [
  { title: '设备编码', dataIndex: 'code', search: 'equal', form: { required: true } },
  { title: '设备名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '设备类型', dataIndex: 'deviceType', search: 'equal', options: DEVICE_TYPES, form: { required: true } },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: {} },
];

/** Monitored devices (监测设备): tanks, gas detectors, units, warehouses and loading equipment. */
export default function MonitorDevicePage() {
  return <CrudPage title="监测设备" fields={fields} api={deviceApi} permissionPrefix="monitor_device" exportBtn={false} />;
}

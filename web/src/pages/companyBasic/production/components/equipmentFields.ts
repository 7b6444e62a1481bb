import type { CrudField } from '@/components/CrudPage';
import { equipmentOptions } from '@/services/equipment';

/**
 * The equipment a record is about, as every equipment record page shows it: chosen from the
 * ledger in the form, its code (exact search) and name (search) in the table.
 */
export const equipmentFields: CrudField[] = [
  {
    title: '设备',
    dataIndex: 'equipmentId',
    hideInTable: true,
    form: { type: 'select', required: true, request: equipmentOptions, viewAs: 'equipmentName' },
  },
  { title: '设备编码', dataIndex: 'equipmentCode', search: 'equal', form: false },
  { title: '设备名称', dataIndex: 'equipmentName', search: true, form: false },
];

import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { DutyPeople } from './people';
import { DUTY_TYPES, dutyApi } from '@/services/emergency';
import { rule } from '@/utils/validate';

const hhmm = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为 HH:mm' };

const fields: CrudField[] = [
  { title: '值班类型', dataIndex: 'dutyType', search: 'equal', options: DUTY_TYPES, form: { required: true, initialValue: 0 } },
  { title: '部门/岗位', dataIndex: 'orgName', search: true, form: { required: true } },
  { title: '开始日期', dataIndex: 'startDate', type: 'date', form: { required: true } },
  { title: '结束日期', dataIndex: 'endDate', type: 'date', form: { required: true, after: 'startDate' } },
  { title: '班次', dataIndex: 'shiftName', form: { placeholder: '白班、夜班、全天' } },
  {
    title: '班次开始',
    dataIndex: 'shiftStart',
    form: { required: true, rules: [hhmm], placeholder: '08:00', initialValue: '08:00' },
  },
  {
    title: '班次结束',
    dataIndex: 'shiftEnd',
    form: { required: true, rules: [hhmm], placeholder: '20:00', tooltip: '不晚于开始时间即次日结束', initialValue: '20:00' },
  },
  { title: '带班领导', dataIndex: 'leaderName', form: false },
  { title: '带班领导', dataIndex: 'leaderUserId', type: 'select', hideInTable: true, form: { request: userOptions, viewAs: 'leaderName' } },
  { title: '值班电话', dataIndex: 'phone', form: { rules: [rule.phone] } },
  { title: '值班人员', dataIndex: 'personNames', search: true, ellipsis: true, form: false },
  {
    title: '值班人员',
    dataIndex: 'people',
    hideInTable: true,
    form: { span: 24, custom: (c, mode) => <DutyPeople name={c.name} label={c.label} mode={mode} /> },
  },
  { title: '备注', dataIndex: 'remark', type: 'textarea', hideInTable: true, form: { span: 24 } },
];

/** Duty rosters (值班排班) by department or post: no one in two overlapping shifts. */
export default function DutyRosterPage() {
  return (
    <CrudPage
      title="值班排班"
      fields={fields}
      api={dutyApi}
      permissionPrefix="duty_roster"
      beforeOpen={(r: any) => ({
        ...r,
        leaderUserId: r.leaderUserId && r.leaderUserId !== '0' ? r.leaderUserId : undefined,
        people: (r.people || []).filter((p: any) => !p.leader).map((p: any) => ({ userId: String(p.userId), phone: p.phone || '' })),
      })}
      beforeSubmit={(v: any) => ({
        ...v,
        people: (v.people || []).map((p: any) => ({ userId: p.userId, phone: (p.phone || '').trim() })),
      })}
    />
  );
}

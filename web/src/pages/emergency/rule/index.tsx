import React from 'react';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { holidayApi } from '@/services/emergency';
import RulePage from '../components/RulePage';

const calendar: CrudField[] = [
  { title: '日期', dataIndex: 'day', type: 'date', form: { required: true } },
  { title: '名称', dataIndex: 'name', form: { required: true } },
  {
    title: '类型',
    dataIndex: 'working',
    type: 'switch',
    render: (v: boolean) => (v ? '调休上班' : '节假日'),
    form: { tooltip: '打开:周末调休上班;关闭:工作日放假' },
  },
  { title: '年份', dataIndex: 'year', search: true, type: 'digit', hideInTable: true, form: false },
];

/** The emergency rule table (filing, evaluation and drill intervals) and the working-day calendar. */
export default function EmergencyRulePage() {
  const access = useAccess();
  const edit = access.can('emergency_rule_edit');
  return (
    <>
      <RulePage svc="emergency" title="应急规则" perm="emergency_rule" />
      <div style={{ marginTop: 16 }}>
        <CrudPage
          title="工作日历"
          fields={calendar}
          api={holidayApi}
          addBtn={edit}
          editBtn={edit}
          delBtn={edit}
          viewBtn={false}
          exportBtn={false}
        />
      </div>
    </>
  );
}

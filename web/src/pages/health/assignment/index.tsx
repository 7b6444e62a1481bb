import React from 'react';
import { Button } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { healthAssignmentApi, healthPostApi, leaveAssignment } from '@/services/health';
import ActionModal from '@/pages/emergency/components/ActionModal';
import { Tx } from '@/utils/i18nText';

const postOptions = () =>
  healthPostApi.list({ current: 1, size: 1000 }).then((p: any) => (p?.records || []).map((x: any) => ({ label: x.name, value: x.id })));

const fields: CrudField[] = [
  { title: '人员', dataIndex: 'userId', type: 'select', hideInTable: true, form: { required: true, request: userOptions } },
  { title: '姓名', dataIndex: 'userName', search: true, form: false },
  { title: '岗位', dataIndex: 'postId', type: 'select', hideInTable: true, form: { required: true, request: postOptions } },
  { title: '岗位', dataIndex: 'postName', form: false },
  { title: '上岗日期', dataIndex: 'startDate', type: 'date', form: { tooltip: '不填为今天' } },
  { title: '离岗日期', dataIndex: 'endDate', form: false },
  { title: '在岗', dataIndex: 'current', form: false, render: (v: boolean) => <Tx>{v ? '是' : '否'}</Tx> },
];

/**
 * Workers on hazard posts. Putting someone on a post with hazard factors needs their
 * pre-employment examination (the server refuses and says what is missing).
 */
export default function HealthAssignmentPage() {
  const access = useAccess();
  const [leave, setLeave] = React.useState<{ rec: any; reload: () => void }>();
  return (
    <>
      <CrudPage
        title="岗位安排"
        fields={fields}
        api={healthAssignmentApi}
        permissionPrefix="health_assignment"
        exportBtn={false}
        editBtn={false}
        delBtn={false}
        rowActions={(r: any, reload) =>
          r.current && access.can('health_assignment_leave')
            ? [
                <Button key="leave" type="link" size="small" onClick={() => setLeave({ rec: r, reload })}>
                  <Tx>离岗</Tx>
                </Button>,
              ]
            : []
        }
      />
      {leave ? (
        <ActionModal
          title="离岗"
          fields={[{ name: 'endDate', label: '离岗日期', type: 'date' }]}
          onSubmit={(v) => leaveAssignment({ id: leave.rec.id, endDate: v.endDate }).then(leave.reload)}
          onClose={() => setLeave(undefined)}
        />
      ) : null}
    </>
  );
}

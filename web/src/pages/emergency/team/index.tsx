import React from 'react';
import { Button, Modal } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import { TEAM_TYPES, memberApi, teamApi } from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import { rule } from '@/utils/validate';

const fields: CrudField[] = [
  { title: '队伍名称', dataIndex: 'name', search: true, form: { required: true } },
  { title: '队伍类型', dataIndex: 'teamType', search: 'equal', options: TEAM_TYPES, form: { required: true } },
  { title: '负责人', dataIndex: 'leaderName', form: {} },
  { title: '联系电话', dataIndex: 'phone', form: { rules: [rule.phone] } },
  { title: '队员数', dataIndex: 'memberCount', form: false },
  { title: '管理责任人', dataIndex: 'responsibleUserId', type: 'select', hideInTable: true, form: { request: userOptions } },
  { title: '职责', dataIndex: 'duty', type: 'textarea', form: { span: 24 } },
];

const memberFields: CrudField[] = [
  { title: '姓名', dataIndex: 'name', search: true, form: { required: true } },
  { title: '队内职务', dataIndex: 'role', form: {} },
  { title: '联系电话', dataIndex: 'phone', form: { rules: [rule.mobile] } },
  {
    title: '系统账号',
    dataIndex: 'userId',
    type: 'select',
    hideInTable: true,
    form: { request: userOptions, tooltip: '应急启动时向有账号的队员发送站内消息,其余队员电话通知' },
  },
  { title: '专长', dataIndex: 'skills', form: { span: 24 } },
];

/** Rescue teams (应急队伍) and their members. */
export default function EmergencyTeamPage() {
  const tt = useText();
  const access = useAccess();
  const editMembers = access.can('emergency_team_edit');
  const [team, setTeam] = React.useState<{ rec: any; reload: () => void }>();
  return (
    <>
      <CrudPage
        title="应急队伍"
        fields={fields}
        api={teamApi}
        permissionPrefix="emergency_team"
        exportBtn={false}
        rowActions={(r: any, reload) => [
          <Button key="members" type="link" size="small" onClick={() => setTeam({ rec: r, reload })}>
            <Tx>队员</Tx>
          </Button>,
        ]}
      />
      <Modal
        open={!!team}
        title={team ? `${team.rec.name} · ${tt('队员')}` : ''}
        footer={null}
        width={900}
        destroyOnHidden
        onCancel={() => {
          team?.reload();
          setTeam(undefined);
        }}
      >
        {team ? (
          <CrudPage
            title="队员"
            fields={memberFields}
            api={memberApi}
            params={{ teamId: team.rec.id }}
            addBtn={editMembers}
            editBtn={editMembers}
            delBtn={editMembers}
            exportBtn={false}
            viewBtn={false}
            beforeOpen={(r: any) => ({ ...r, userId: r.userId && r.userId !== '0' ? r.userId : undefined })}
            beforeSubmit={(v: any) => ({ ...v, teamId: team.rec.id })}
          />
        ) : null}
      </Modal>
    </>
  );
}

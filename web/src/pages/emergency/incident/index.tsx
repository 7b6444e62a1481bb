import React from 'react';
import { Alert, Button, Descriptions, Drawer, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { userOptions } from '@/services/user';
import {
  INCIDENT_LEVELS,
  INCIDENT_STATES,
  addIncidentAction,
  closeIncident,
  incidentApi,
  incidentDetail,
  planApi,
  teamApi,
  type IncidentDetail,
} from '@/services/emergency';
import { Tx, useText } from '@/utils/i18nText';
import ActionModal from '../components/ActionModal';

const published = () =>
  planApi
    .list({ state: 2, size: 200 })
    .then((p: any) => (p.records || []).map((x: any) => ({ label: `${x.name} V${x.version}`, value: x.id })));
const teams = () => teamApi.list({ size: 200 }).then((p: any) => (p.records || []).map((x: any) => ({ label: x.name, value: x.id })));

const fields: CrudField[] = [
  { title: '应急预案', dataIndex: 'planName', search: true, form: false },
  { title: '应急预案', dataIndex: 'planId', type: 'select', hideInTable: true, form: { required: true, request: published, span: 24 } },
  { title: '响应级别', dataIndex: 'level', search: 'equal', options: INCIDENT_LEVELS, form: { required: true } },
  { title: '应急队伍', dataIndex: 'teamName', form: false },
  { title: '应急队伍', dataIndex: 'teamId', type: 'select', hideInTable: true, form: { request: teams, tooltip: '队员将收到通知' } },
  { title: '事发地点', dataIndex: 'place', search: true, form: { required: true, span: 24 } },
  { title: '事件描述', dataIndex: 'description', type: 'textarea', hideInTable: true, form: { required: true, span: 24 } },
  {
    title: '通知人员',
    dataIndex: 'notifyUserIds',
    type: 'select',
    hideInTable: true,
    form: { multiple: true, request: userOptions, span: 24, tooltip: '预案负责人和队伍中有账号的队员自动通知' },
  },
  { title: '状态', dataIndex: 'state', search: 'equal', options: INCIDENT_STATES, form: false },
  { title: '指挥人', dataIndex: 'commanderName', form: false },
  { title: '启动时间', dataIndex: 'startTime', form: false },
  { title: '结束时间', dataIndex: 'endTime', form: false },
];

/** The detail of an incident: the action log, the notified people and the muster list. */
function IncidentDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const tt = useText();
  const access = useAccess();
  const [d, setD] = React.useState<IncidentDetail>();
  const [act, setAct] = React.useState<'action' | 'close'>();
  const load = React.useCallback(() => incidentDetail(id).then(setD), [id]);
  React.useEffect(() => {
    load();
  }, [load]);
  const inc = d?.incident;
  const open = inc?.state === 1;
  return (
    <Drawer open width={860} title={inc ? `${inc.planName} · ${inc.place}` : ''} onClose={onClose} destroyOnHidden>
      {inc ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={tt('状态')}>
              <Tag color={open ? 'red' : 'default'}>{tt(open ? '进行中' : '已结束')}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={tt('响应级别')}>
              {tt(INCIDENT_LEVELS.find((l) => l.value === inc.level)?.label || '')}
            </Descriptions.Item>
            <Descriptions.Item label={tt('指挥人')}>{inc.commanderName}</Descriptions.Item>
            <Descriptions.Item label={tt('应急队伍')}>{inc.teamName}</Descriptions.Item>
            <Descriptions.Item label={tt('启动时间')}>{inc.startTime}</Descriptions.Item>
            <Descriptions.Item label={tt('结束时间')}>{inc.endTime}</Descriptions.Item>
            <Descriptions.Item label={tt('事件描述')} span={2}>
              {inc.description}
            </Descriptions.Item>
            {inc.summary ? (
              <Descriptions.Item label={tt('处置总结')} span={2}>
                {inc.summary}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {open && access.can('emergency_incident_edit') ? (
            <Space>
              <Button type="primary" onClick={() => setAct('action')}>
                <Tx>记录行动</Tx>
              </Button>
              {access.can('emergency_incident_close') ? (
                <Button danger onClick={() => setAct('close')}>
                  <Tx>结束响应</Tx>
                </Button>
              ) : null}
            </Space>
          ) : null}
          <Typography.Title level={5}>
            <Tx>处置行动记录</Tx>
          </Typography.Title>
          <Timeline
            data-testid="incident-actions"
            items={(d?.actions || []).map((a) => ({ children: `${a.actTime} ${a.userName}:${a.content}` }))}
          />
          <Typography.Title level={5}>
            <Tx>集结清点</Tx>
          </Typography.Title>
          {d?.muster?.available ? (
            <Table
              size="small"
              rowKey="zoneName"
              pagination={false}
              dataSource={d.muster.zones || []}
              columns={[
                { title: tt('区域'), dataIndex: 'zoneName' },
                { title: tt('人数'), dataIndex: 'count' },
              ]}
              footer={() => `${tt('在线')} ${d.muster?.online ?? 0} / ${tt('总数')} ${d.muster?.total ?? 0}`}
            />
          ) : (
            <Alert type="warning" showIcon message={tt(d?.muster?.message || '')} />
          )}
          <Typography.Title level={5}>
            <Tx>通知人员</Tx>
          </Typography.Title>
          <Table
            size="small"
            rowKey={(n) => `${n.userId}-${n.name}-${n.phone}`}
            pagination={false}
            dataSource={d?.notices || []}
            columns={[
              { title: tt('姓名'), dataIndex: 'name' },
              { title: tt('角色'), dataIndex: 'role' },
              { title: tt('联系电话'), dataIndex: 'phone' },
              { title: tt('通知方式'), dataIndex: 'channel', render: (c: number) => tt(c === 1 ? '站内消息' : '电话通知') },
            ]}
          />
        </Space>
      ) : null}
      {act ? (
        <ActionModal
          title={act === 'action' ? '记录行动' : '结束响应'}
          fields={[
            act === 'action'
              ? { name: 'content', label: '处置行动', type: 'textarea', required: true }
              : { name: 'summary', label: '处置总结', type: 'textarea', required: true },
          ]}
          onSubmit={(v) => (act === 'action' ? addIncidentAction({ ...v, incidentId: id }) : closeIncident({ ...v, id }))}
          onClose={(saved) => {
            if (saved) load();
            setAct(undefined);
          }}
        />
      ) : null}
    </Drawer>
  );
}

/** Emergency launch (应急启动): incidents from published plans with their action logs. */
export default function EmergencyIncidentPage() {
  const [view, setView] = React.useState<{ id: string; reload: () => void }>();
  return (
    <>
      <CrudPage
        title="应急启动"
        fields={fields}
        api={incidentApi}
        permissionPrefix="emergency_incident"
        editBtn={false}
        delBtn={false}
        exportBtn
        viewBtn={false}
        rowActions={(r: any, reload) => [
          <Button key="detail" type="link" size="small" onClick={() => setView({ id: r.id, reload })}>
            <Tx>详情</Tx>
          </Button>,
        ]}
      />
      {view ? (
        <IncidentDrawer
          id={view.id}
          onClose={() => {
            view.reload();
            setView(undefined);
          }}
        />
      ) : null}
    </>
  );
}

import React from 'react';
import { Button } from 'antd';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { equipmentFields } from '../components/equipmentFields';
import { userOptions } from '@/services/user';
import { SERVICE_STATES, SERVICE_TYPES, moveService, serviceApi } from '@/services/equipment';
import { Tx } from '@/utils/i18nText';
import ActionModal, { type ActionField } from '@/pages/emergency/components/ActionModal';
import FlowLogs from '../components/FlowLogs';

const fields: CrudField[] = [
  ...equipmentFields,
  { title: '维修类型', dataIndex: 'serviceType', search: 'equal', options: SERVICE_TYPES, form: { required: true } },
  { title: '状态', dataIndex: 'state', search: 'equal', options: SERVICE_STATES, form: false },
  { title: '报修人', dataIndex: 'reporterName', form: false },
  { title: '报修时间', dataIndex: 'createTime', form: false },
  { title: '维修人', dataIndex: 'assigneeName', form: false },
  { title: '完成时间', dataIndex: 'finishTime', hideInTable: true, form: false },
  { title: '故障描述', dataIndex: 'description', type: 'textarea', form: { required: true, span: 24 } },
  { title: '维修内容', dataIndex: 'repairContent', hideInTable: true, form: false },
];

const comment = (label: string, required = false): ActionField => ({ name: 'comment', label, type: 'textarea', required });

/** Service (repair) orders (设备维修): reported → assigned → in repair → awaiting acceptance → accepted, or returned for rework. */
export default function EquipmentServicePage() {
  const access = useAccess();
  const [users, setUsers] = React.useState<{ label: string; value: any }[]>([]);
  const canAssign = access.can('equipment_service_assign');
  React.useEffect(() => {
    if (canAssign) userOptions().then(setUsers);
  }, [canAssign]);
  const forms: Record<string, { title: string; fields: ActionField[] }> = {
    assign: {
      title: '派工',
      fields: [{ name: 'assigneeId', label: '维修人', type: 'select', required: true, options: users }, comment('意见')],
    },
    start: { title: '开始维修', fields: [comment('意见')] },
    finish: { title: '完成维修', fields: [comment('维修内容', true)] },
    accept: { title: '验收', fields: [comment('意见')] },
    return: { title: '退回返修', fields: [comment('退回原因', true)] },
  };
  const [act, setAct] = React.useState<{ kind: string; rec: any; reload: () => void }>();
  const btn = (key: string, rec: any, reload: () => void) => (
    <Button key={key} type="link" size="small" onClick={() => setAct({ kind: key, rec, reload })}>
      <Tx>{forms[key].title}</Tx>
    </Button>
  );
  const form = act ? forms[act.kind] : undefined;
  return (
    <>
      <CrudPage
        title="设备维修"
        fields={fields}
        api={serviceApi}
        permissionPrefix="equipment_service"
        exportBtn
        editBtn={false}
        newestFirst="createTime"
        rowActions={(r: any, reload) => {
          const out: React.ReactNode[] = [<FlowLogs key="logs" kind="service" id={r.id} />];
          if ((r.state === 1 || r.state === 2) && access.can('equipment_service_assign')) out.push(btn('assign', r, reload));
          if (access.can('equipment_service_repair')) {
            if (r.state === 2) out.push(btn('start', r, reload));
            if (r.state === 3) out.push(btn('finish', r, reload));
          }
          if (r.state === 4 && access.can('equipment_service_accept')) out.push(btn('accept', r, reload), btn('return', r, reload));
          return out;
        }}
      />
      {act && form ? (
        <ActionModal
          title={form.title}
          fields={form.fields}
          onSubmit={(v) => moveService(act.kind, { ...v, id: act.rec.id })}
          onClose={(saved) => {
            if (saved) act.reload();
            setAct(undefined);
          }}
        />
      ) : null}
    </>
  );
}

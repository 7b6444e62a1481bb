import React, { useEffect, useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormList,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  ProFormGroup,
} from '@ant-design/pro-components';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import { flowModelApi, type FlowModel, type FlowStep } from '@/services/flow';
import { roleApi } from '@/services/system';
import { userApi } from '@/services/user';
import { message } from '@/utils/feedback';
import { splitNames } from '@/utils/fileLink';
import { useText } from '@/utils/i18nText';
import { explainInvalid } from '@/utils/formCheck';

/** The form's step: lists instead of the API's comma strings. */
interface StepForm {
  name: string;
  roles?: string[];
  users?: string[];
}

export const toForm = (steps?: FlowStep[]): StepForm[] =>
  (steps || []).map((s) => ({ name: s.name, roles: splitNames(s.roleAliases), users: splitNames(s.userIds) }));
export const fromForm = (steps?: StepForm[]): FlowStep[] =>
  (steps || []).map((s) => ({ name: (s.name || '').trim(), roleAliases: (s.roles || []).join(','), userIds: (s.users || []).join(',') }));

function flattenRoles(list: any[], out: { label: string; value: string }[] = []) {
  for (const r of list || []) {
    if (r.roleAlias) out.push({ label: `${r.roleName} (${r.roleAlias})`, value: r.roleAlias });
    if (r.children) flattenRoles(r.children, out);
  }
  return out;
}

function StepsText({ steps }: { steps?: FlowStep[] }) {
  if (!steps?.length) return <span>-</span>;
  return (
    <Space size={2} wrap>
      {steps.map((s, i) => (
        <React.Fragment key={i}>
          {i > 0 && <Typography.Text type="secondary">→</Typography.Text>}
          <Tag>{s.name}</Tag>
        </React.Fragment>
      ))}
    </Space>
  );
}

function ModelDialog({
  record,
  readonly,
  onClose,
  onSaved,
}: {
  record?: FlowModel | null;
  readonly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const tt = useText();
  const [roles, setRoles] = useState<{ label: string; value: string }[]>([]);
  const [users, setUsers] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    roleApi.list({}).then((l: any) => setRoles(flattenRoles(Array.isArray(l) ? l : l?.records || [])));
    userApi
      .list({ current: 1, size: 500 })
      .then((p: any) =>
        setUsers(
          ((p && p.records) || []).map((u: any) => ({ label: `${u.realName || u.name || u.account} (${u.account})`, value: String(u.id) })),
        ),
      );
  }, []);
  const editing = !!record?.id;
  return (
    <ModalForm
      title={tt(readonly ? '查看流程' : editing ? '修改流程' : '新增流程')}
      open
      readonly={readonly}
      submitter={
        readonly
          ? {
              render: () => [
                <Button key="close" onClick={onClose}>
                  {tt('关闭')}
                </Button>,
              ],
            }
          : undefined
      }
      width="70%"
      layout="horizontal"
      labelCol={{ flex: '120px' }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      initialValues={{
        status: 1,
        forbidApplicant: true,
        ...(record || {}),
        steps: record ? toForm(record.steps) : [{ name: '', roles: [], users: [] }],
      }}
      onFinishFailed={({ errorFields }) => explainInvalid(errorFields)}
      onFinish={async (v: any) => {
        const steps = fromForm(v.steps);
        if (!steps.length) {
          message.error(tt('流程至少需要一个审批环节'));
          return false;
        }
        const bad = steps.find((s) => !s.roleAliases && !s.userIds);
        if (bad) {
          message.error(`${tt('审批环节需要指定审批角色或审批人')}: ${bad.name}`);
          return false;
        }
        await flowModelApi.submit!({ ...v, id: record?.id, steps });
        message.success(tt('操作成功'));
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="modelKey"
        label={tt('流程标识')}
        placeholder={tt('如 workticket:hotWork:1 或 hazard')}
        rules={[{ required: true, message: tt('请输入流程标识') }]}
        tooltip={tt('业务[:类型[:级别]],最具体的配置优先')}
      />
      <ProFormText name="name" label={tt('流程名称')} rules={[{ required: true, message: tt('请输入流程名称') }]} />
      <ProFormSwitch name="forbidApplicant" label={tt('禁止申请人审批')} />
      <ProFormRadio.Group
        name="status"
        label={tt('状态')}
        options={[
          { label: tt('启用'), value: 1 },
          { label: tt('停用'), value: 0 },
        ]}
      />
      <ProFormList
        name="steps"
        label={tt('审批环节')}
        creatorButtonProps={{ creatorButtonText: tt('添加环节'), icon: <PlusOutlined /> }}
        copyIconProps={false}
        itemRender={({ listDom, action }, { index }) => (
          <div
            data-testid="flow-step"
            style={{ border: '1px solid rgba(128,128,128,0.25)', borderRadius: 6, padding: '8px 12px 0', marginBottom: 8 }}
          >
            <Space style={{ marginBottom: 4 }}>
              <Tag color="blue">{`${tt('环节')} ${index + 1}`}</Tag>
              {action}
            </Space>
            {listDom}
          </div>
        )}
        actionRender={(field, action, dom, count) => [
          <Button
            key="up"
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={field.name === 0}
            onClick={() => action.move(field.name, field.name - 1)}
          />,
          <Button
            key="down"
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={field.name === count - 1}
            onClick={() => action.move(field.name, field.name + 1)}
          />,
          ...dom,
        ]}
      >
        <ProFormGroup>
          <ProFormText name="name" label={tt('环节名称')} width="sm" rules={[{ required: true, message: tt('请输入环节名称') }]} />
          <ProFormSelect
            name="roles"
            label={tt('审批角色')}
            width="md"
            mode="multiple"
            options={roles}
            fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
          />
          <ProFormSelect
            name="users"
            label={tt('审批人')}
            width="md"
            mode="multiple"
            options={users}
            fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
          />
        </ProFormGroup>
      </ProFormList>
      <ProFormTextArea name="remark" label={tt('备注')} />
    </ModalForm>
  );
}

const fields: CrudField[] = [
  { title: '流程标识', dataIndex: 'modelKey', search: true, width: 200 },
  { title: '流程名称', dataIndex: 'name', search: true, width: 180 },
  { title: '审批环节', dataIndex: 'steps', render: (_: any, r: FlowModel) => <StepsText steps={r.steps} />, form: false },
  {
    title: '禁止申请人审批',
    dataIndex: 'forbidApplicant',
    width: 130,
    options: [
      { label: '是', value: true },
      { label: '否', value: false },
    ],
    form: false,
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    search: 'equal',
    options: [
      { label: '启用', value: 1 },
      { label: '停用', value: 0 },
    ],
    form: false,
  },
  { title: '备注', dataIndex: 'remark', hideInTable: true, form: false },
  { title: '更新时间', dataIndex: 'updateTime', width: 170, form: false },
];

/** 流程配置: each process key's ordered approval steps (who signs, in which order). */
export default function FlowModelPage() {
  const tt = useText();
  const access = useAccess();
  const ref = useRef<CrudPageHandle>(null);
  const [dialog, setDialog] = useState<{ record?: FlowModel | null; readonly?: boolean } | null>(null);
  return (
    <>
      <CrudPage<FlowModel>
        ref={ref}
        title="流程配置"
        fields={fields}
        api={flowModelApi}
        permissionPrefix="flow_model"
        addBtn={false}
        editBtn={false}
        onView={(r) => flowModelApi.detail!(String(r.id)).then((full) => setDialog({ record: full, readonly: true }))}
        toolbarExtra={() =>
          access.can('flow_model_add')
            ? [
                <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ record: null })}>
                  {tt('新增')}
                </Button>,
              ]
            : []
        }
        rowActions={(r) =>
          access.can('flow_model_edit')
            ? [
                <a key="edit" onClick={() => flowModelApi.detail!(String(r.id)).then((full) => setDialog({ record: full }))}>
                  {tt('修改')}
                </a>,
              ]
            : []
        }
      />
      {dialog && (
        <ModelDialog
          record={dialog.record}
          readonly={dialog.readonly}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            ref.current?.reload();
          }}
        />
      )}
    </>
  );
}

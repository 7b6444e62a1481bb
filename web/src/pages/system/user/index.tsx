import React, { useEffect, useRef, useState } from 'react';
import { useAccess } from '@umijs/max';
import { Button, Empty, Modal, Spin, Tag, Tree } from 'antd';
import { message, modal } from '@/utils/feedback';
import { CheckOutlined, CloseOutlined, KeyOutlined, TeamOutlined, UnlockOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import TreeLayout from '@/components/TreeLayout';
import { getDeptTree, getPostSelect, getRoleTree } from '@/services/system';
import { auditPass, auditRefuse, grantUser, resetPassword, unlockUser, userApi } from '@/services/user';
import { rule } from '@/utils/validate';
import { Tx, useText } from '@/utils/i18nText';

const STATUS = [
  { label: '待审核', value: 0 },
  { label: '正常', value: 1 },
  { label: '已驳回', value: 2 },
];
const STATUS_COLOR: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red' };

const splitIds = (v: any) =>
  Array.isArray(v)
    ? v
    : String(v ?? '')
        .split(',')
        .filter(Boolean);
const joinIds = (v: any) => (Array.isArray(v) ? v.join(',') : v);

const fields: CrudField[] = [
  { title: '登录账号', dataIndex: 'account', search: true, width: 120, form: { required: true, disabledOnEdit: true } },
  { title: '所属租户', dataIndex: 'tenantName', hideInTable: true, form: false },
  { title: '用户姓名', dataIndex: 'realName', search: true, width: 110, form: { required: true } },
  { title: '用户昵称', dataIndex: 'name', hideInTable: true, form: { required: true } },
  { title: '密码', dataIndex: 'password', hideInTable: true, form: { type: 'password', required: true, addOnly: true } },
  {
    title: '确认密码',
    dataIndex: 'password2',
    hideInTable: true,
    form: {
      type: 'password',
      required: true,
      addOnly: true,
      rules: [
        ({ getFieldValue }: any) => ({
          validator: (_: any, v: string) =>
            !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入密码不一致,请重新输入!')),
        }),
      ] as any,
    },
  },
  {
    title: '用户类型',
    dataIndex: 'userType',
    dictCode: 'user_type',
    width: 90,
    options: [
      { label: '内部', value: 1 },
      { label: '外部', value: 2 },
    ],
    form: { type: 'radio', initialValue: 1, required: true },
  },
  { title: '所属角色', dataIndex: 'roleName', width: 140, form: false },
  {
    title: '所属角色',
    dataIndex: 'roleId',
    hideInTable: true,
    form: { type: 'treeSelect', required: true, multiple: true, request: () => getRoleTree(), viewAs: 'roleName' },
  },
  { title: '所属部门', dataIndex: 'deptName', width: 140, form: false },
  {
    title: '所属部门',
    dataIndex: 'deptId',
    hideInTable: true,
    form: { type: 'treeSelect', required: true, multiple: true, request: () => getDeptTree(), viewAs: 'deptName' },
  },
  {
    title: '所属岗位',
    dataIndex: 'postId',
    hideInTable: true,
    form: {
      type: 'select',
      multiple: true,
      request: async () => (await getPostSelect()).map((p: any) => ({ label: p.postName, value: p.id })),
      viewAs: 'postName',
    },
  },
  { title: '手机号码', dataIndex: 'phone', width: 120, form: { rules: [rule.mobile] } },
  { title: '电子邮箱', dataIndex: 'email', hideInTable: true, form: { rules: [rule.email] } },
  {
    title: '性别',
    dataIndex: 'sex',
    dictCode: 'sex',
    width: 70,
    options: [
      { label: '男', value: 1 },
      { label: '女', value: 2 },
      { label: '未知', value: 3 },
    ],
    form: { type: 'select' },
  },
  { title: '生日', dataIndex: 'birthday', hideInTable: true, type: 'date', form: { type: 'date' } },
  {
    title: '状态',
    dataIndex: 'status',
    search: 'equal',
    width: 90,
    options: STATUS,
    render: (v) => {
      const label = STATUS.find((s) => String(s.value) === String(v))?.label;
      return <Tag color={STATUS_COLOR[String(v)]}>{label ? <Tx>{label}</Tx> : v}</Tag>;
    },
    form: false,
  },
  { title: '创建时间', dataIndex: 'createTime', width: 170, form: false },
];

function GrantRoleDialog({ users, onClose }: { users: any[]; onClose: (ok?: boolean) => void }) {
  const [roles, setRoles] = useState<any[]>([]);
  const [checked, setChecked] = useState<string[]>(users.length === 1 ? splitIds(users[0].roleId) : []);
  const [saving, setSaving] = useState(false);
  const tt = useText();
  useEffect(() => {
    getRoleTree().then(setRoles);
  }, []);
  return (
    <Modal
      title={tt('用户角色配置')}
      open
      width={420}
      maskClosable={false}
      okText={tt('确定')}
      cancelText={tt('取消')}
      confirmLoading={saving}
      onCancel={() => onClose()}
      onOk={async () => {
        if (!checked.length) {
          message.warning(tt('请选择角色'));
          return;
        }
        setSaving(true);
        try {
          await grantUser(users.map((u) => u.id).join(','), checked.join(','));
          message.success(tt('操作成功!'));
          onClose(true);
        } finally {
          setSaving(false);
        }
      }}
    >
      {roles.length ? (
        <Tree
          checkable
          defaultExpandAll
          treeData={roles}
          fieldNames={{ title: 'title', key: 'id' }}
          checkedKeys={checked}
          onCheck={(k: any) => setChecked((Array.isArray(k) ? k : k.checked).map(String))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}

export default function UserPage() {
  const ref = useRef<CrudPageHandle>(null);
  const [deptTree, setDeptTree] = useState<any[]>([]);
  const [deptId, setDeptId] = useState<string>();
  const [grant, setGrant] = useState<any[] | null>(null);
  const access = useAccess();
  const tt = useText();

  useEffect(() => {
    getDeptTree()
      .then(setDeptTree)
      .catch(() => undefined);
  }, []);

  const needSelection = (rows: any[]) => {
    if (!rows.length) {
      message.warning(tt('请选择至少一条数据'));
      return false;
    }
    return true;
  };
  const confirmAction = (rows: any[], text: string, fn: (ids: string) => Promise<any>, reload: () => void) => {
    if (!needSelection(rows)) return;
    modal.confirm({
      title: tt('提示'),
      content: tt(text),
      okText: tt('确定'),
      cancelText: tt('取消'),
      type: 'warning',
      onOk: async () => {
        await fn(rows.map((r) => r.id).join(','));
        message.success(tt('操作成功!'));
        ref.current?.clearSelection();
        reload();
      },
    });
  };

  return (
    <TreeLayout
      title={tt('组织机构')}
      tree={
        deptTree.length ? (
          <Tree
            blockNode
            defaultExpandAll
            treeData={deptTree}
            fieldNames={{ title: 'title', key: 'id' }}
            selectedKeys={deptId ? [deptId] : []}
            onSelect={(keys) => setDeptId(keys.length ? String(keys[0]) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tt('暂无机构')} />
        )
      }
    >
      <CrudPage
        ref={ref}
        title="用户"
        fields={fields}
        api={userApi}
        permissionPrefix="user"
        exportBtn
        exportName="用户数据.xlsx"
        params={deptId ? { deptId } : undefined}
        beforeOpen={(r: any) => ({ ...r, roleId: splitIds(r.roleId), deptId: splitIds(r.deptId), postId: splitIds(r.postId) })}
        beforeSubmit={(v: any) => {
          const { password2: _password2, ...rest } = v;
          return { ...rest, roleId: joinIds(v.roleId), deptId: joinIds(v.deptId), postId: joinIds(v.postId) };
        }}
        toolbarExtra={(rows, reload) =>
          [
            access.canAny('user_role', 'user_edit') && (
              <Button key="role" icon={<TeamOutlined />} onClick={() => needSelection(rows) && setGrant(rows)}>
                {tt('角色配置')}
              </Button>
            ),
            access.canAny('user_reset', 'user_edit') && (
              <Button
                key="reset"
                icon={<KeyOutlined />}
                onClick={() => confirmAction(rows, '确定将选择账号密码重置为123456?', resetPassword, reload)}
              >
                {tt('密码重置')}
              </Button>
            ),
            access.canAny('user_unlock', 'user_edit') && (
              <Button key="unlock" icon={<UnlockOutlined />} onClick={() => confirmAction(rows, '确定将选择账号解封?', unlockUser, reload)}>
                {tt('账号解封')}
              </Button>
            ),
            access.canAny('user_audit', 'user_edit') && (
              <Button
                key="pass"
                icon={<CheckOutlined />}
                onClick={() => confirmAction(rows, '确定审核通过选择的注册申请?', auditPass, reload)}
              >
                {tt('审核通过')}
              </Button>
            ),
            access.canAny('user_audit', 'user_edit') && (
              <Button
                key="refuse"
                icon={<CloseOutlined />}
                onClick={() => confirmAction(rows, '确定驳回选择的注册申请?', auditRefuse, reload)}
              >
                {tt('审核驳回')}
              </Button>
            ),
          ].filter(Boolean) as React.ReactNode[]
        }
      />
      {grant && (
        <GrantRoleDialog
          users={grant}
          onClose={(ok) => {
            setGrant(null);
            if (ok) ref.current?.reload();
          }}
        />
      )}
    </TreeLayout>
  );
}

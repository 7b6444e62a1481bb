import React, { useState } from 'react';
import { Modal, Spin, Tabs, Tree } from 'antd';
import { message } from '@/utils/feedback';
import { SafetyOutlined } from '@ant-design/icons';
import CrudPage, { type CrudField } from '@/components/CrudPage';
import { getGrantTree, getRoleTree, getRoleTreeKeys, grantRole, roleApi } from '@/services/system';
import { useSession } from '@/stores/session';
import { useText } from '@/utils/i18nText';

const fields: CrudField[] = [
  { title: '角色名称', dataIndex: 'roleName', search: true, form: { required: true } },
  { title: '角色别名', dataIndex: 'roleAlias', search: true, form: { required: true } },
  {
    title: '上级角色',
    dataIndex: 'parentId',
    hideInTable: true,
    form: { type: 'treeSelect', request: () => getRoleTree(), placeholder: '不选则为顶级角色' },
  },
  { title: '角色排序', dataIndex: 'sort', type: 'digit', width: 90, form: { required: true, initialValue: 1 } },
];

/** Flattens grant-tree data (an array, or {menu, buttons...}) into one tree for the dialog. */
function grantTreeData(d: any): any[] {
  if (!d) return [];
  if (Array.isArray(d)) return d;
  return d.menu || d.menus || [];
}
function keysOf(d: any): string[] {
  if (!d) return [];
  if (Array.isArray(d)) return d.map(String);
  return (d.menu || d.menus || []).map(String);
}

function GrantDialog({ role, onClose }: { role: any; onClose: () => void }) {
  const [tree, setTree] = useState<any[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const tt = useText();
  React.useEffect(() => {
    Promise.all([getGrantTree(), getRoleTreeKeys(role.id)])
      .then(([t, k]) => {
        setTree(grantTreeData(t));
        setChecked(keysOf(k));
      })
      .finally(() => setLoading(false));
  }, [role.id]);
  return (
    <Modal
      title={`${tt('角色权限配置')} - ${role.roleName}`}
      open
      width={560}
      maskClosable={false}
      onCancel={onClose}
      confirmLoading={saving}
      okText={tt('保存')}
      cancelText={tt('取消')}
      onOk={async () => {
        setSaving(true);
        try {
          await grantRole([role.id], checked);
          message.success(tt('操作成功!'));
          onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <Spin spinning={loading}>
        <Tabs items={[{ key: 'menu', label: tt('菜单与按钮权限') }]} />
        <div style={{ maxHeight: 460, overflow: 'auto' }}>
          <Tree
            checkable
            defaultExpandAll={false}
            treeData={tree}
            fieldNames={{ title: 'title', key: 'id', children: 'children' }}
            checkedKeys={checked}
            onCheck={(k: any) => setChecked((Array.isArray(k) ? k : k.checked).map(String))}
          />
        </div>
      </Spin>
    </Modal>
  );
}

export default function RolePage() {
  const [grant, setGrant] = useState<any>();
  const canGrant = useSession((s) => !!s.permission.role_grant || !!s.permission.role_edit);
  const tt = useText();
  return (
    <>
      <CrudPage
        title="角色"
        tree
        fields={fields}
        api={roleApi}
        permissionPrefix="role"
        beforeSubmit={(v) => ({ ...v, parentId: v.parentId || '0' })}
        beforeOpen={(r: any) => ({ ...r, parentId: r.parentId === '0' || r.parentId === 0 ? undefined : r.parentId })}
        rowActions={(r) =>
          canGrant
            ? [
                <a key="grant" onClick={() => setGrant(r)}>
                  <SafetyOutlined /> {tt('权限设置')}
                </a>,
              ]
            : []
        }
      />
      {grant && <GrantDialog role={grant} onClose={() => setGrant(undefined)} />}
    </>
  );
}

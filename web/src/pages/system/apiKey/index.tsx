import React, { useRef, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import CrudPage, { type CrudField, type CrudPageHandle } from '@/components/CrudPage';
import { apiKeyApi, createApiKey, type ApiKeyCreated } from '@/services/system';
import { userOptions } from '@/services/user';
import { modal } from '@/utils/feedback';
import { Tx, useText } from '@/utils/i18nText';

const STATUS = [
  { label: '有效', value: 1 },
  { label: '已过期', value: 2 },
];

const fields: CrudField[] = [
  { title: '密钥名称', dataIndex: 'name', search: true, width: 160 },
  { title: '使用人', dataIndex: 'userName', search: true, width: 120 },
  { title: '账号', dataIndex: 'account', search: true, width: 120 },
  { title: '密钥', dataIndex: 'prefix', width: 140, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
  {
    title: '状态',
    dataIndex: 'status',
    options: STATUS,
    width: 90,
    render: (v: number) => (
      <Tag color={Number(v) === 1 ? 'green' : 'default'}>
        <Tx>{Number(v) === 1 ? '有效' : '已过期'}</Tx>
      </Tag>
    ),
  },
  { title: '过期时间', dataIndex: 'expireTime', width: 170 },
  { title: '最后使用', dataIndex: 'lastUsedTime', width: 170, render: (v: string) => v || '-' },
  { title: '签发人', dataIndex: 'createUserName', width: 110 },
  { title: '签发时间', dataIndex: 'createTime', width: 170 },
];

/** The base address an OpenAI client is given. */
const baseURL = () => `${window.location.origin}/api/ai-chat/v1`;

/**
 * API 密钥: keys a tenant admin issues to a user for the safety assistant's OpenAI-compatible
 * endpoint (any OpenAI client with baseURL …/api/ai-chat/v1). The secret is shown once, when
 * issued; a key answers exactly what its user may see, and revoking it ends it at once.
 */
export default function ApiKeyPage() {
  const ref = useRef<CrudPageHandle>(null);
  const access = useAccess();
  const tt = useText();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [users, setUsers] = useState<{ label: string; value: string }[]>([]);
  const [form] = Form.useForm();

  const start = () => {
    form.resetFields();
    setOpen(true);
    void userOptions().then(setUsers);
  };
  const showSecret = (r: ApiKeyCreated) =>
    modal.info({
      title: tt('新密钥(仅显示一次)'),
      width: 620,
      okText: tt('确定'),
      content: (
        <div data-testid="api-key-secret">
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={tt('关闭后无法再次查看,请立即复制并妥善保管。')} />
          <Typography.Paragraph copyable={{ text: r.secret }}>
            <Typography.Text code>{r.secret}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: baseURL() }}>{`baseURL: ${baseURL()}`}</Typography.Paragraph>
        </div>
      ),
    });
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await createApiKey({ userId: v.userId, name: v.name.trim(), expireDays: v.expireDays });
      setOpen(false);
      ref.current?.reload();
      showSecret(r);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <CrudPage
        ref={ref}
        title="API 密钥"
        fields={fields}
        api={apiKeyApi}
        permissionPrefix="api_key"
        addBtn={false}
        editBtn={false}
        viewBtn={false}
        exportBtn={false}
        toolbarExtra={() =>
          access.can('api_key_add')
            ? [
                <Button key="issue" type="primary" icon={<PlusOutlined />} data-testid="api-key-issue" onClick={start}>
                  <Tx>签发密钥</Tx>
                </Button>,
              ]
            : []
        }
      />
      <Modal
        open={open}
        title={tt('签发密钥')}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        confirmLoading={saving}
        okText={tt('确定')}
        cancelText={tt('取消')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ expireDays: 90 }}>
          <Form.Item
            name="name"
            label={tt('密钥名称')}
            rules={[{ required: true, whitespace: true, message: tt('请输入密钥名称') }, { max: 50 }]}
          >
            <Input placeholder={tt('例如: 班组长手机助手')} maxLength={50} />
          </Form.Item>
          <Form.Item name="userId" label={tt('使用人')} rules={[{ required: true, message: tt('请选择使用人') }]}>
            <Select showSearch optionFilterProp="label" options={users} placeholder={tt('请选择使用人')} />
          </Form.Item>
          <Form.Item name="expireDays" label={tt('有效期(天)')} rules={[{ required: true, message: tt('请输入有效期') }]}>
            <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

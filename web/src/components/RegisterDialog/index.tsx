import React, { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { message, modal } from '@/utils/feedback';
import { history } from '@umijs/max';
import { registerGuest } from '@/services/user';
import { needsRegistration, useSession } from '@/stores/session';
import { getStore } from '@/utils/storage';
import { validateRegistration } from '@/utils/validate';

/**
 * 账号注册 (spec 2.5 and 4): shown to a logged-in user without a local id. On success it
 * says the application was submitted, then logs out to /login.
 */
export default function RegisterDialog() {
  const userInfo = useSession((s) => s.userInfo);
  const logout = useSession((s) => s.logout);
  const [form] = Form.useForm();
  const [loading, setLoading] = useState(false);
  const autoTenant = getStore<string>({ name: 'tenantId' }) || userInfo.tenant_id || '';
  const open = needsRegistration(userInfo);

  const submit = async () => {
    const v = form.getFieldsValue();
    const warn = validateRegistration({ ...v, tenantId: autoTenant || v.tenantId }, !autoTenant);
    if (warn) {
      // one warning at a time: a new check replaces the last one instead of stacking over the dialog
      message.warning({ content: warn, key: 'register-check' });
      return;
    }
    setLoading(true);
    try {
      const res = await registerGuest({
        tenantId: autoTenant || v.tenantId,
        name: v.name,
        account: v.account,
        password: v.password,
        oauthId: userInfo.oauth_id,
      });
      if (res.data?.success) {
        modal.success({
          title: '提示',
          content: '注册申请已提交,请耐心等待管理员通过!',
          okText: '确定',
          onOk: async () => {
            await logout();
            history.replace('/login');
          },
        });
      } else {
        message.error(res.data?.msg || '提交失败');
      }
    } catch (e) {
      /* toasted by the client */
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title="账号注册"
      open={open}
      width="20%"
      style={{ minWidth: 360 }}
      closable={false}
      maskClosable={false}
      keyboard={false}
      okText="提交"
      cancelText="退出"
      confirmLoading={loading}
      onOk={submit}
      onCancel={async () => {
        await logout();
        history.replace('/login');
      }}
    >
      <Form form={form} layout="vertical">
        {!autoTenant && (
          <Form.Item label="租户编号" name="tenantId">
            <Input placeholder="请输入租户编号" />
          </Form.Item>
        )}
        <Form.Item label="用户姓名" name="name">
          <Input placeholder="请输入用户姓名" />
        </Form.Item>
        <Form.Item label="账号名称" name="account">
          <Input placeholder="请输入账号名称" />
        </Form.Item>
        <Form.Item label="密码" name="password">
          <Input.Password placeholder="请输入密码" />
        </Form.Item>
        <Form.Item label="确认密码" name="password2">
          <Input.Password placeholder="请再次输入密码" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

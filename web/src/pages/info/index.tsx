import React, { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Spin, Tabs } from 'antd';
import { message } from '@/utils/feedback';
import { getOwnInfo, updateOwnInfo, updatePassword } from '@/services/user';
import { useSession } from '@/stores/session';
import { rule } from '@/utils/validate';
import avatarImg from '@/assets/avatar.svg';

/** Own profile: view and edit, change password (passwords go encrypted like login). */
export default function InfoPage() {
  const [info, setInfo] = useState<any>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const [pwdForm] = Form.useForm();
  const setUserInfo = useSession((s) => s.setUserInfo);

  const load = () => {
    setLoading(true);
    getOwnInfo()
      .then((d) => {
        setInfo(d);
        form.setFieldsValue(d);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  useEffect(load, []);

  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await updateOwnInfo({ ...info, ...v });
      setUserInfo({ nick_name: v.name, avatar: v.avatar || info?.avatar });
      message.success('操作成功!');
      load();
    } finally {
      setSaving(false);
    }
  };
  const changePwd = async () => {
    const v = await pwdForm.validateFields();
    setSaving(true);
    try {
      await updatePassword(v.oldPassword, v.newPassword, v.newPassword1);
      message.success('修改密码成功!');
      pwdForm.resetFields();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col span={7}>
        <Card bordered={false}>
          <Spin spinning={loading}>
            <div style={{ textAlign: 'center', padding: '8px 0 16px' }}>
              <Avatar size={88} src={info?.avatar || avatarImg} />
              <h3 style={{ margin: '12px 0 4px' }}>{info?.realName || info?.name || '-'}</h3>
              <div style={{ color: '#999' }}>{info?.account}</div>
            </div>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="所属租户">{info?.tenantId || '-'}</Descriptions.Item>
              <Descriptions.Item label="所属部门">{info?.deptName || '-'}</Descriptions.Item>
              <Descriptions.Item label="所属角色">{info?.roleName || '-'}</Descriptions.Item>
              <Descriptions.Item label="手机号码">{info?.phone || '-'}</Descriptions.Item>
              <Descriptions.Item label="电子邮箱">{info?.email || '-'}</Descriptions.Item>
            </Descriptions>
          </Spin>
        </Card>
      </Col>
      <Col span={17}>
        <Card bordered={false}>
          <Tabs
            items={[
              {
                key: 'info',
                label: '个人信息',
                children: (
                  <Form form={form} labelCol={{ flex: '110px' }} style={{ maxWidth: 640 }}>
                    <Form.Item label="头像地址" name="avatar">
                      <Input placeholder="请输入头像图片地址" />
                    </Form.Item>
                    <Form.Item label="姓名" name="realName" rules={[{ required: true, message: '请输入姓名' }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label="用户昵称" name="name" rules={[{ required: true, message: '请输入用户昵称' }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label="手机号码" name="phone" rules={[rule.mobile]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label="电子邮箱" name="email" rules={[rule.email]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label="性别" name="sex">
                      <Radio.Group
                        options={[
                          { label: '男', value: 1 },
                          { label: '女', value: 2 },
                          { label: '未知', value: 3 },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" loading={saving} onClick={save}>
                        保存
                      </Button>
                      <Button style={{ marginLeft: 8 }} onClick={() => form.setFieldsValue(info)}>
                        重置
                      </Button>
                    </Form.Item>
                  </Form>
                ),
              },
              {
                key: 'pwd',
                label: '修改密码',
                children: (
                  <Form form={pwdForm} labelCol={{ flex: '110px' }} style={{ maxWidth: 520 }}>
                    <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
                      <Input.Password />
                    </Form.Item>
                    <Form.Item label="新密码" name="newPassword" rules={[{ required: true, message: '请输入新密码' }]}>
                      <Input.Password />
                    </Form.Item>
                    <Form.Item
                      label="确认密码"
                      name="newPassword1"
                      dependencies={['newPassword']}
                      rules={[
                        { required: true, message: '请再次输入新密码' },
                        ({ getFieldValue }) => ({
                          validator: (_, v) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入密码不一致,请重新输入!'))),
                        }),
                      ]}
                    >
                      <Input.Password />
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" loading={saving} onClick={changePwd}>
                        修改密码
                      </Button>
                    </Form.Item>
                  </Form>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

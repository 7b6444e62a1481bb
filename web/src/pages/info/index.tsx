import React, { useEffect, useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Spin, Tabs } from 'antd';
import { message } from '@/utils/feedback';
import { getOwnInfo, updateOwnInfo, updatePassword } from '@/services/user';
import { useSession } from '@/stores/session';
import { rule } from '@/utils/validate';
import avatarImg from '@/assets/avatar.svg';
import { useText } from '@/utils/i18nText';
import { validateOrExplain } from '@/utils/formCheck';

/** Own profile: view and edit, change password (passwords go encrypted like login). */
export default function InfoPage() {
  const [info, setInfo] = useState<any>();
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const [pwdForm] = Form.useForm();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const tt = useText();

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
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once on mount; load only uses the stable form instance and state setters
  useEffect(load, []);

  const save = async () => {
    const v = await validateOrExplain(form);
    setSaving(true);
    try {
      await updateOwnInfo({ ...info, ...v });
      setUserInfo({ nick_name: v.name, avatar: v.avatar || info?.avatar });
      message.success(tt('操作成功!'));
      load();
    } finally {
      setSaving(false);
    }
  };
  const changePwd = async () => {
    const v = await validateOrExplain(pwdForm);
    setSaving(true);
    try {
      await updatePassword(v.oldPassword, v.newPassword, v.newPassword1);
      message.success(tt('修改密码成功!'));
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
              <Descriptions.Item label={tt('所属租户')}>{info?.tenantId || '-'}</Descriptions.Item>
              <Descriptions.Item label={tt('所属部门')}>{info?.deptName || '-'}</Descriptions.Item>
              <Descriptions.Item label={tt('所属角色')}>{info?.roleName || '-'}</Descriptions.Item>
              <Descriptions.Item label={tt('手机号码')}>{info?.phone || '-'}</Descriptions.Item>
              <Descriptions.Item label={tt('电子邮箱')}>{info?.email || '-'}</Descriptions.Item>
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
                label: tt('个人信息'),
                children: (
                  <Form form={form} labelCol={{ flex: '110px' }} style={{ maxWidth: 640 }}>
                    <Form.Item label={tt('头像地址')} name="avatar">
                      <Input placeholder={tt('请输入头像图片地址')} />
                    </Form.Item>
                    <Form.Item label={tt('姓名')} name="realName" rules={[{ required: true, message: tt('请输入姓名') }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label={tt('用户昵称')} name="name" rules={[{ required: true, message: tt('请输入用户昵称') }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label={tt('手机号码')} name="phone" rules={[rule.mobile]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label={tt('电子邮箱')} name="email" rules={[rule.email]}>
                      <Input />
                    </Form.Item>
                    <Form.Item label={tt('性别')} name="sex">
                      <Radio.Group
                        options={[
                          { label: tt('男'), value: 1 },
                          { label: tt('女'), value: 2 },
                          { label: tt('未知'), value: 3 },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" loading={saving} onClick={save}>
                        {tt('保存')}
                      </Button>
                      <Button style={{ marginLeft: 8 }} onClick={() => form.setFieldsValue(info)}>
                        {tt('重置')}
                      </Button>
                    </Form.Item>
                  </Form>
                ),
              },
              {
                key: 'pwd',
                label: tt('修改密码'),
                children: (
                  <Form form={pwdForm} labelCol={{ flex: '110px' }} style={{ maxWidth: 520 }}>
                    <Form.Item label={tt('原密码')} name="oldPassword" rules={[{ required: true, message: tt('请输入原密码') }]}>
                      <Input.Password />
                    </Form.Item>
                    <Form.Item label={tt('新密码')} name="newPassword" rules={[{ required: true, message: tt('请输入新密码') }]}>
                      <Input.Password />
                    </Form.Item>
                    <Form.Item
                      label={tt('确认密码')}
                      name="newPassword1"
                      dependencies={['newPassword']}
                      rules={[
                        { required: true, message: tt('请再次输入新密码') },
                        ({ getFieldValue }) => ({
                          validator: (_, v) =>
                            !v || v === getFieldValue('newPassword')
                              ? Promise.resolve()
                              : Promise.reject(new Error(tt('两次输入密码不一致,请重新输入!'))),
                        }),
                      ]}
                    >
                      <Input.Password />
                    </Form.Item>
                    <Form.Item label=" " colon={false}>
                      <Button type="primary" loading={saving} onClick={changePwd}>
                        {tt('修改密码')}
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

import React, { useCallback, useEffect, useState } from 'react';
import { Button, Form } from 'antd';
// the input and password components alone: the antd/input entry brings TextArea, OTP and Search too
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { message } from '@/utils/feedback';
import { LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { getCaptcha, loadCipher } from '@/services/auth';
import { getTenantInfo } from '@/services/system';
import { useSession } from '@/stores/session';
import { setStore } from '@/utils/storage';
import { RequestError } from '@/utils/request';
import { afterLogin } from '@/utils/loginFlow';
import LangSwitch from '@/components/LangSwitch';
import website from '@/config/website';
import logo from '@/assets/logo.svg';
import art from '@/assets/login-illustration.svg';
import styles from './index.less';

interface FormValues {
  tenantId?: string;
  username: string;
  password: string;
  code?: string;
}

export default function LoginPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<FormValues>();
  const [detectedTenant, setDetectedTenant] = useState<string>('');
  const [captchaOn, setCaptchaOn] = useState<boolean | undefined>(undefined);
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>({ key: '', image: '' });
  const [loading, setLoading] = useState(false);
  const login = useSession((s) => s.login);

  const refreshCaptcha = useCallback(async () => {
    try {
      const res = await getCaptcha();
      const d = res.data || ({} as any);
      if (d.enabled === false) {
        setCaptchaOn(false);
        return;
      }
      setCaptchaOn(true);
      setCaptcha({ key: d.key || '', image: d.image || '' });
      form.setFieldValue('code', '');
    } catch {
      // no captcha service answering: fall back to the password grant
      setCaptchaOn(false);
    }
  }, [form]);

  useEffect(() => {
    document.title = `${t('login.title')} - ${website.title}`;
    getTenantInfo(window.location.hostname)
      .then((d) => {
        if (d && d.tenantId) {
          setDetectedTenant(String(d.tenantId));
          if (d.tenantName) setStore({ name: 'tenantName', content: d.tenantName });
        }
      })
      .catch(() => undefined);
    refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tenant detection and the first captcha happen once on mount
  }, []);

  const onFinish = async (v: FormValues) => {
    setLoading(true);
    try {
      const res = await login(
        {
          tenantId: detectedTenant || v.tenantId || website.tenantId,
          username: v.username.trim(),
          password: v.password,
          key: captcha.key,
          code: v.code,
        },
        !!captchaOn,
      );
      afterLogin(res);
    } catch (e) {
      // the request client already toasted server refusals
      if (!(e instanceof RequestError)) message.error((e as Error).message || '登录失败');
      if (captchaOn) refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.wrap}>
      <div className={styles.lang}>
        <LangSwitch color="#fff" />
      </div>
      <div className={styles.brand}>
        <div className={styles.logo}>
          <img src={logo} alt="logo" />
          <span>Anquan · 安全</span>
        </div>
        <h1>{t('app.title')}</h1>
        <p>{t('app.subtitle')}</p>
        <img className={styles.art} src={art} alt="" />
      </div>
      <div className={styles.panel}>
        <div className={styles.card}>
          <h2>{t('login.title')}</h2>
          <Form form={form} size="large" onFinish={onFinish} autoComplete="off" initialValues={{ tenantId: '' }}>
            {!detectedTenant && (
              <Form.Item name="tenantId" rules={[{ required: true, message: t('login.tenant') }]}>
                <Input prefix={<TeamOutlined />} placeholder={t('login.tenant')} id="tenantId" />
              </Form.Item>
            )}
            <Form.Item name="username" rules={[{ required: true, message: t('login.account') }]}>
              <Input prefix={<UserOutlined />} placeholder={t('login.account')} id="username" />
            </Form.Item>
            <Form.Item name="password" rules={[{ required: true, message: t('login.password') }]}>
              <Password
                prefix={<LockOutlined />}
                placeholder={t('login.password')}
                id="password"
                onFocus={() => loadCipher().catch(() => undefined)}
              />
            </Form.Item>
            {captchaOn && (
              <Form.Item>
                <div className={styles.captcha}>
                  <Form.Item name="code" noStyle rules={[{ required: true, message: t('login.code') }]}>
                    <Input prefix={<SafetyCertificateOutlined />} placeholder={t('login.code')} maxLength={5} id="code" />
                  </Form.Item>
                  {captcha.image ? (
                    <img src={captcha.image} alt="captcha" title={t('login.refreshCode')} onClick={refreshCaptcha} data-testid="captcha" />
                  ) : (
                    <span className={styles.captchaHolder} onClick={refreshCaptcha} />
                  )}
                </div>
              </Form.Item>
            )}
            <Form.Item style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" block loading={loading} id="login-submit">
                {t('login.submit')}
              </Button>
            </Form.Item>
          </Form>
          <div className={styles.foot}>© Anquan {website.version}</div>
        </div>
      </div>
    </div>
  );
}

import React, { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
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

type Field = keyof FormValues;

/**
 * The login page keeps antd's Form out of /login (rc-field-form, the grid, the label tooltip and
 * its trigger are about 50 KB of gzip JavaScript, issue 12's speed part): four required fields,
 * checked on submit and on change like a Form.Item rule, the first wrong one focused.
 */
export default function LoginPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<Required<FormValues>>({ tenantId: '', username: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [detectedTenant, setDetectedTenant] = useState<string>('');
  const [captchaOn, setCaptchaOn] = useState<boolean | undefined>(undefined);
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>({ key: '', image: '' });
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const login = useSession((s) => s.login);
  const required: Record<Field, string> = {
    tenantId: 'login.tenant',
    username: 'login.account',
    password: 'login.password',
    code: 'login.code',
  };
  const fields = (['tenantId', 'username', 'password', 'code'] as Field[]).filter(
    (f) => (f !== 'tenantId' || !detectedTenant) && (f !== 'code' || captchaOn),
  );
  const change = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.target.value;
    setValues((o) => ({ ...o, [f]: v }));
    setErrors((o) => ({ ...o, [f]: v ? undefined : t(required[f]) }));
  };
  const item = (f: Field, input: React.ReactNode) => (
    <div className={errors[f] ? `${styles.item} ${styles.hasError}` : styles.item}>
      {input}
      {errors[f] && (
        <div className={styles.error} role="alert" id={`${f}_help`}>
          {errors[f]}
        </div>
      )}
    </div>
  );
  const status = (f: Field) => (errors[f] ? ('error' as const) : undefined);
  /** What every field's input shares: its id (the error focus), value, change and error state. */
  const field = (f: Field, icon: React.ReactNode, label: string) => ({
    size: 'large' as const,
    prefix: icon,
    placeholder: t(label),
    id: f,
    value: values[f],
    onChange: change(f),
    status: status(f),
  });

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
      setValues((o) => ({ ...o, code: '' }));
    } catch {
      // no captcha service answering: fall back to the password grant
      setCaptchaOn(false);
    }
  }, []);

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

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (loading) return;
    const v = values;
    const wrong = fields.filter((f) => !v[f]);
    if (wrong.length) {
      setErrors(Object.fromEntries(wrong.map((f) => [f, t(required[f])])));
      formRef.current?.querySelector<HTMLInputElement>(`#${wrong[0]}`)?.focus();
      return;
    }
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
          <form ref={formRef} onSubmit={onSubmit} autoComplete="off" noValidate>
            {!detectedTenant && item('tenantId', <Input {...field('tenantId', <TeamOutlined />, 'login.tenant')} />)}
            {item('username', <Input {...field('username', <UserOutlined />, 'login.account')} />)}
            {item(
              'password',
              <Password {...field('password', <LockOutlined />, 'login.password')} onFocus={() => loadCipher().catch(() => undefined)} />,
            )}
            {captchaOn &&
              item(
                'code',
                <div className={styles.captcha}>
                  <Input {...field('code', <SafetyCertificateOutlined />, 'login.code')} maxLength={5} />
                  {captcha.image ? (
                    <img src={captcha.image} alt="captcha" title={t('login.refreshCode')} onClick={refreshCaptcha} data-testid="captcha" />
                  ) : (
                    <span className={styles.captchaHolder} onClick={refreshCaptcha} />
                  )}
                </div>,
              )}
            <div className={styles.item} style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" size="large" block loading={loading} id="login-submit">
                {t('login.submit')}
              </Button>
            </div>
          </form>
          <div className={styles.foot}>© Anquan {website.version}</div>
        </div>
      </div>
    </div>
  );
}

import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ApiCode, codeMessages, loginResult } from '@mdc/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { authStore } from '../../../lib/auth/session';
import { readEmail } from '../../../lib/cookies';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { afterLoginUrl, safeRedirect } from '../../../lib/redirect';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { showFieldErrors } from '../field-errors';
import { AuthLayout } from '../components/AuthLayout';
import { passwordProblem, emailProblem, rule } from '../validation';

interface Values {
  email: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);
  const [locked, setLocked] = useState<{ msg: string; email: string } | null>(null);
  const notice = (location.state as { notice?: string } | null)?.notice;

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setLocked(null);
    const envelope = await authApi.login({ ...values, email: values.email.trim() }).catch(() => null);
    setSubmitting(false);
    if (!envelope) return;
    showFieldErrors(form, envelope, ['email', 'password']);
    if (envelope.code === ApiCode.OK) {
      const result = loginResult.safeParse(envelope.data);
      if (!result.success) return;
      authStore.signIn(result.data);
      navigate(afterLoginUrl(redirect, locale), { replace: true });
    } else if (envelope.code === ApiCode.PASSWORD_EXPIRED) {
      const data = envelope.data as { email?: string } | null;
      const query = new URLSearchParams({ redirect: afterLoginUrl(redirect, locale), email: data?.email || values.email.trim() });
      navigate(`${lp('/updatePassword')}?${query.toString()}`, {
        state: { notice: envelope.msg || codeMessages[ApiCode.PASSWORD_EXPIRED][locale] },
      });
    } else if (envelope.code === ApiCode.ACCOUNT_LOCKED) {
      setLocked({ msg: envelope.msg || codeMessages[ApiCode.ACCOUNT_LOCKED][locale], email: values.email.trim() });
    }
    // Wrong credentials, inactive account and the rest: the client has shown the server's message.
  };

  return (
    <AuthLayout testId="login-page" title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      {notice && <Alert type="info" showIcon message={notice} style={{ marginBottom: 20 }} />}
      {locked && (
        <Alert
          type="error"
          showIcon
          data-testid="locked-alert"
          style={{ marginBottom: 20 }}
          message={t('auth.login.lockedTitle')}
          description={
            <>
              <div>{locked.msg}</div>
              <LocaleLink to={`/forgotPassword?email=${encodeURIComponent(locked.email)}`} data-testid="locked-recover-link">
                {t('auth.login.toRecover')}
              </LocaleLink>
            </>
          }
        />
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ email: readEmail() }} disabled={loading}>
        <Form.Item label={t('auth.email')} name="email" rules={[rule(emailProblem, locale)]}>
          <Input id="email" name="email" type="email" autoComplete="email" size="large" prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('auth.password')} name="password" rules={[rule((v) => passwordProblem(v, 'current'), locale)]}>
          <Input.Password id="password" name="password" autoComplete="current-password" size="large" prefix={<LockOutlined />} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mdc-auth__links">
        <span>
          {t('auth.login.noAccount')} <LocaleLink to="/register">{t('auth.login.toRegister')}</LocaleLink>
        </span>
        <LocaleLink to="/forgotPassword" data-testid="forgot-link">
          {t('auth.login.forgot')}
        </LocaleLink>
      </div>
    </AuthLayout>
  );
}

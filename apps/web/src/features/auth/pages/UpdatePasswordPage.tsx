import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { ApiCode } from '@mdc/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authStore } from '../../../lib/auth/session';
import { readEmail } from '../../../lib/cookies';
import { useLocale } from '../../../lib/i18n/hooks';
import { loginUrl, safeRedirect } from '../../../lib/redirect';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { showFieldErrors } from '../field-errors';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { emailProblem, passwordProblem, rule } from '../validation';

interface Values {
  email: string;
  oldPassword: string;
  password: string;
  repeatPassword: string;
}

/**
 * `/updatePassword?redirect=…&email=…`: public, because an expired password (2016) must be
 * changeable without a session. Success revokes every session, so the user logs in again.
 */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    const envelope = await authApi.updatePassword({ ...values, email: values.email.trim() }).catch(() => null);
    setSubmitting(false);
    showFieldErrors(form, envelope, ['email', 'oldPassword', 'password', 'repeatPassword']);
    if (envelope?.code !== ApiCode.OK) return;
    void message.success(t('auth.update.success'));
    authStore.reset();
    navigate(loginUrl(locale, redirect), { replace: true });
  };

  return (
    <AuthLayout testId="update-password-page" title={t('auth.update.title')} subtitle={t('auth.update.subtitle')}>
      {notice && <Alert type="warning" showIcon message={notice} style={{ marginBottom: 20 }} data-testid="password-expired-notice" />}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ email: params.get('email') ?? readEmail() }}
        disabled={loading}
      >
        <Form.Item label={t('auth.email')} name="email" rules={[rule(emailProblem, locale)]}>
          <Input id="email" name="email" type="email" autoComplete="username" size="large" prefix={<MailOutlined />} />
        </Form.Item>
        <Form.Item label={t('auth.oldPassword')} name="oldPassword" rules={[rule((v) => passwordProblem(v, 'old'), locale)]}>
          <Input.Password id="oldPassword" name="oldPassword" autoComplete="current-password" size="large" prefix={<LockOutlined />} />
        </Form.Item>
        <NewPasswordFields labels="change" />
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="update-submit">
            {t('auth.update.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}

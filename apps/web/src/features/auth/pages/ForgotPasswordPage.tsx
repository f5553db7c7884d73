import { MailOutlined } from '@ant-design/icons';
import { ApiCode } from '@mdc/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { readEmail } from '../../../lib/cookies';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { showFieldErrors } from '../field-errors';
import { AuthLayout } from '../components/AuthLayout';
import { emailProblem, rule } from '../validation';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ email: string }>();
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    const envelope = await authApi.forgot(email.trim()).catch(() => null);
    setSubmitting(false);
    showFieldErrors(form, envelope, ['email']);
    if (envelope?.code === ApiCode.OK) navigate(lp('/forgotPassword/sended'), { state: { email: email.trim() } });
  };

  return (
    <AuthLayout testId="forgot-page" title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish} initialValues={{ email: params.get('email') ?? readEmail() }} disabled={loading}>
        <Form.Item label={t('auth.email')} name="email" rules={[rule(emailProblem, locale)]}>
          <Input id="email" name="email" type="email" autoComplete="email" size="large" prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="forgot-submit">
            {t('auth.forgot.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mdc-auth__links">
        <LocaleLink to="/login">{t('auth.forgot.toLogin')}</LocaleLink>
      </div>
    </AuthLayout>
  );
}

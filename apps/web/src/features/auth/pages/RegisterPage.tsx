import { MailOutlined } from '@ant-design/icons';
import { ApiCode } from '@mdc/contracts';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { showFieldErrors } from '../field-errors';
import { AuthLayout } from '../components/AuthLayout';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { emailProblem, rule } from '../validation';

interface Values {
  email: string;
  password: string;
  repeatPassword: string;
}

export default function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    const envelope = await authApi.register({ ...values, email: values.email.trim() }).catch(() => null);
    setSubmitting(false);
    showFieldErrors(form, envelope, ['email', 'password', 'repeatPassword']);
    if (envelope?.code === ApiCode.OK) navigate(lp('/register/sended'), { state: { email: values.email.trim() } });
  };

  return (
    <AuthLayout testId="register-page" title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={loading}>
        <Form.Item label={t('auth.email')} name="email" rules={[rule(emailProblem, locale)]}>
          <Input id="email" name="email" type="email" autoComplete="email" size="large" prefix={<MailOutlined />} placeholder={t('auth.emailPlaceholder')} />
        </Form.Item>
        <NewPasswordFields labels="register" />
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mdc-auth__links">
        <span>
          {t('auth.register.hasAccount')} <LocaleLink to="/login">{t('auth.register.toLogin')}</LocaleLink>
        </span>
      </div>
    </AuthLayout>
  );
}

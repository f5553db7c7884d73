import { MailOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { AuthCard } from '../components/AuthLayout';

export default function RegisterSendedPage() {
  const { t } = useTranslation();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthCard testId="register-sended">
      <Result
        icon={<MailOutlined style={{ color: 'var(--mdc-primary)' }} />}
        title={t('auth.registerSended.title')}
        subTitle={
          <>
            {email && <strong className="mdc-auth__email">{email}</strong>}
            <p>{t('auth.registerSended.body')}</p>
            <p>{t('auth.registerSended.hint')}</p>
          </>
        }
        extra={
          <LocaleLink to="/login">
            <Button type="primary">{t('auth.register.toLogin')}</Button>
          </LocaleLink>
        }
      />
    </AuthCard>
  );
}

import { MailOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { AuthCard } from '../components/AuthLayout';

export default function ForgotSendedPage() {
  const { t } = useTranslation();
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthCard testId="forgot-sended">
      <Result
        icon={<MailOutlined style={{ color: 'var(--mdc-primary)' }} />}
        title={t('auth.forgotSended.title')}
        subTitle={
          <>
            {email && <strong className="mdc-auth__email">{email}</strong>}
            <p>{t('auth.forgotSended.body')}</p>
            <p data-testid="forgot-sended-hint">{t('auth.forgotSended.hint')}</p>
          </>
        }
        extra={[
          <LocaleLink key="login" to="/login">
            <Button type="primary">{t('auth.forgot.toLogin')}</Button>
          </LocaleLink>,
          <LocaleLink key="again" to="/forgotPassword" data-testid="forgot-sended-again">
            <Button>{t('auth.forgotSended.again')}</Button>
          </LocaleLink>,
        ]}
      />
    </AuthCard>
  );
}

import { ApiCode } from '@mdc/contracts';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { AuthCard } from '../components/AuthLayout';
import { LinkFailed } from '../components/LinkFailed';
import { checkOnce } from '../link-check';

type State = 'checking' | 'activated' | 'alreadyActive' | 'failed';

export default function RegisterVerifyPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [state, setState] = useState<State>(id ? 'checking' : 'failed');
  const [reason, setReason] = useState<string>('');
  const checking = useMinimumLoading(state === 'checking');

  useEffect(() => {
    if (!id) {
      setState('failed');
      return;
    }
    let stale = false;
    setState('checking');
    void checkOnce(`activate:${id}`, () => authApi.activate(id)).then((envelope) => {
      if (stale) return;
      setReason(envelope && envelope.code !== ApiCode.OK ? envelope.msg : '');
      const done = envelope?.code === ApiCode.OK;
      // A second click on the link: the account is fine, say so and offer the log-in.
      const already = done && (envelope.data as { alreadyActive?: boolean } | null)?.alreadyActive === true;
      setState(already ? 'alreadyActive' : done ? 'activated' : 'failed');
    });
    return () => {
      stale = true;
    };
  }, [id]);

  return (
    <AuthCard testId="register-verify">
      {checking ? (
        <div data-testid="verify-checking">
          <Result icon={<Spin size="large" />} title={t('auth.verify.checking')} />
        </div>
      ) : state === 'activated' || state === 'alreadyActive' ? (
        <div data-testid={state === 'activated' ? 'verify-activated' : 'verify-already-active'}>
          <Result
            status="success"
            title={t(state === 'activated' ? 'auth.verify.activatedTitle' : 'auth.verify.alreadyTitle')}
            subTitle={t(state === 'activated' ? 'auth.verify.activatedBody' : 'auth.verify.alreadyBody')}
            extra={
              <LocaleLink to="/login" data-testid="verify-login-link">
                <Button type="primary">{t('auth.register.toLogin')}</Button>
              </LocaleLink>
            }
          />
        </div>
      ) : (
        <LinkFailed testId="verify-failed" reason={reason || t('auth.verify.failedBody')} to="/register" action={t('auth.verify.toRegister')} />
      )}
    </AuthCard>
  );
}

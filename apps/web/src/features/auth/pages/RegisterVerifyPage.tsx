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

type State = 'checking' | 'activated' | 'failed';

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
      setState(envelope?.code === ApiCode.OK ? 'activated' : 'failed');
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
      ) : state === 'activated' ? (
        <div data-testid="verify-activated">
          <Result
            status="success"
            title={t('auth.verify.activatedTitle')}
            subTitle={t('auth.verify.activatedBody')}
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

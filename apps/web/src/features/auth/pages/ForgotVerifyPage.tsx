import { ApiCode } from '@mdc/contracts';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useLocalePath } from '../../../lib/i18n/hooks';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { AuthCard } from '../components/AuthLayout';
import { LinkFailed } from '../components/LinkFailed';
import { checkOnce } from '../link-check';

/** `/forgotPassword/verify?id=…`: checks a reset link and leads on to the page that sets the password. */
export default function ForgotVerifyPage() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const [failed, setFailed] = useState<string | null>(id ? null : '');
  const checking = useMinimumLoading(failed === null);

  useEffect(() => {
    if (!id) return;
    let stale = false;
    void checkOnce(`recover:${id}`, () => authApi.verifyRecovery(id)).then((envelope) => {
      if (stale) return;
      if (envelope?.code === ApiCode.OK) navigate(lp(`/forgotPassword/recover/${encodeURIComponent(id)}`), { replace: true });
      else setFailed(envelope?.msg ?? '');
    });
    return () => {
      stale = true;
    };
  }, [id, lp, navigate]);

  return (
    <AuthCard testId="forgot-verify">
      {checking || failed === null ? (
        <Result icon={<Spin size="large" />} title={t('auth.verify.checking')} />
      ) : (
        <LinkFailed testId="recover-failed" reason={failed || t('auth.recover.failedBody')} to="/forgotPassword" action={t('auth.recover.toForgot')} />
      )}
    </AuthCard>
  );
}

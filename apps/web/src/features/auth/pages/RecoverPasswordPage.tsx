import { ApiCode } from '@mdc/contracts';
import { App, Button, Form, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useLocalePath } from '../../../lib/i18n/hooks';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { authApi } from '../api';
import { showFieldErrors } from '../field-errors';
import { AuthCard, AuthLayout } from '../components/AuthLayout';
import { LinkFailed } from '../components/LinkFailed';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { checkOnce } from '../link-check';

interface Values {
  password: string;
  repeatPassword: string;
}

type LinkState = { kind: 'checking' } | { kind: 'valid'; email: string } | { kind: 'failed'; reason: string };

/** `/forgotPassword/recover/:id`: the mailed link, checked on arrival, then the new password. */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  const [link, setLink] = useState<LinkState>(id ? { kind: 'checking' } : { kind: 'failed', reason: '' });
  const checking = useMinimumLoading(link.kind === 'checking');
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);

  useEffect(() => {
    if (!id) {
      setLink({ kind: 'failed', reason: '' });
      return;
    }
    let stale = false;
    void checkOnce(`recover:${id}`, () => authApi.verifyRecovery(id)).then((envelope) => {
      if (stale) return;
      const email = (envelope?.data as { email?: unknown } | null)?.email;
      setLink(
        envelope?.code === ApiCode.OK
          ? { kind: 'valid', email: typeof email === 'string' ? email : '' }
          : { kind: 'failed', reason: envelope?.msg ?? '' },
      );
    });
    return () => {
      stale = true;
    };
  }, [id]);

  const onFinish = async (values: Values) => {
    if (!id) return;
    setSubmitting(true);
    const envelope = await authApi.recover({ id, ...values }).catch(() => null);
    setSubmitting(false);
    showFieldErrors(form, envelope, ['password', 'repeatPassword']);
    if (envelope?.code === ApiCode.OK) {
      void message.success(t('auth.recover.success'));
      navigate(lp('/login'), { replace: true });
    } else if (envelope?.code === ApiCode.RECOVERY_LINK_INVALID) {
      setLink({ kind: 'failed', reason: envelope.msg });
    }
  };

  if (checking || link.kind !== 'valid') {
    return (
      <AuthCard testId="recover-page">
        {checking || link.kind === 'checking' ? (
          <Result icon={<Spin size="large" />} title={t('auth.verify.checking')} />
        ) : (
          <LinkFailed
            testId="recover-failed"
            reason={(link.kind === 'failed' && link.reason) || t('auth.recover.failedBody')}
            to="/forgotPassword"
            action={t('auth.recover.toForgot')}
          />
        )}
      </AuthCard>
    );
  }

  return (
    <AuthLayout testId="recover-page" title={t('auth.recover.title')} subtitle={t('auth.recover.subtitle')}>
      {link.email && (
        <p className="mdc-auth__account" data-testid="recover-account">
          {t('auth.recover.forAccount')}
          <strong>{link.email}</strong>
        </p>
      )}
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={loading}>
        <NewPasswordFields labels="change" />
        <Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} data-testid="recover-submit">
            {t('auth.recover.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/LocaleLink';

/** The answer to a bad, used or expired mail link: a plain FAILED! and the way to start again. */
export function LinkFailed({ reason, to, action, testId }: { reason: string; to: string; action: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
    <Result
      className="mdc-auth__failed"
      status="error"
      title={t('auth.verify.failedTitle')}
      subTitle={reason}
      extra={
        <LocaleLink to={to} data-testid={`${testId}-link`}>
          <Button type="primary">{action}</Button>
        </LocaleLink>
      }
    />
    </div>
  );
}

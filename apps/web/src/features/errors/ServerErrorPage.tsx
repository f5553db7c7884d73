import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorText } from '../../lib/http';
import { useLocale, useLocalePath } from '../../lib/i18n/hooks';
import { useGoBack } from '../../lib/use-go-back';
import { ErrorView } from './ErrorView';

/** Maintenance page; after a failed API call it also names the HTTP status (`?status=`). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const locale = useLocale();
  const [params] = useSearchParams();
  const back = useGoBack();
  const status = params.get('status');
  const detail = status && /^\d{3}$/.test(status) ? apiErrorText(status, locale) : null;
  return (
    <ErrorView
      testId="server-error"
      status="500"
      title={t('errors.serverTitle')}
      subtitle={t('errors.serverSubtitle')}
      actions={
        <>
          <Button type="primary" icon={<ReloadOutlined />} onClick={back} data-testid="error-retry">
            {t('common.retry')}
          </Button>
          <Button icon={<HomeOutlined />} onClick={() => navigate(lp('/'))}>
            {t('common.backHome')}
          </Button>
        </>
      }
    >
      {detail && (
        <p className="mdc-error__detail" data-testid="api-error">
          {detail}
        </p>
      )}
    </ErrorView>
  );
}

export default ServerErrorPage;

import { HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalePath } from '../../lib/i18n/hooks';
import { ErrorView } from './ErrorView';

/** An address that is no page of the portal. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  return (
    <ErrorView
      testId="not-found"
      status="404"
      title={t('errors.notFoundTitle')}
      subtitle={t('errors.notFoundSubtitle')}
      actions={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(lp('/'))}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

export default NotFoundPage;

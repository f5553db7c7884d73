import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLocalePath } from '../../lib/i18n/hooks';
import { useGoBack } from '../../lib/use-go-back';
import { ErrorView } from './ErrorView';

/** Errors other than maintenance, mostly "the service could not be reached". */
export function CantFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lp = useLocalePath();
  const back = useGoBack();
  return (
    <ErrorView
      testId="cant-found"
      status="404"
      title={t('errors.cantFoundTitle')}
      subtitle={t('errors.cantFoundSubtitle')}
      actions={
        <>
          <Button type="primary" icon={<ArrowLeftOutlined />} onClick={back} data-testid="error-back">
            {t('common.back')}
          </Button>
          <Button icon={<HomeOutlined />} onClick={() => navigate(lp('/'))}>
            {t('common.backHome')}
          </Button>
        </>
      }
    >
      <ol className="mdc-error__hints">
        {t('errors.hints', { returnObjects: true }).map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ol>
    </ErrorView>
  );
}

export default CantFoundPage;

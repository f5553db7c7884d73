import { useTranslation } from 'react-i18next';
import { AreaHero } from '../../../components/page/AreaPage';

/** The head of a Lab page below the Lab home: Home › Lab › this page, with its title and lead. */
export function LabHero({ crumb, to, title, lead }: { crumb: string; to: string; title: string; lead: string }) {
  const { t } = useTranslation();
  return (
    <AreaHero
      area="lab"
      crumbs={[
        { label: t('nav.home'), to: '/' },
        { label: t('nav.lab'), to: '/lab' },
        { label: crumb, to },
      ]}
      title={title}
      lead={lead}
    />
  );
}

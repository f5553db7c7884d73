import { Skeleton } from 'antd';
import { LocaleLink } from '../../components/LocaleLink';
import { useLocale } from '../../lib/i18n/hooks';
import { resourcePaths, type AntibioticItem, type Page } from '../resource/api';
import { AwareTag } from '../resource/components/bits';
import { ProblemAlert } from '../resource/components/LoadState';
import { ResourceShell } from '../resource/components/ResourceShell';
import { drugPath } from '../resource/lib/format';
import { defineTexts } from '../resource/lib/texts';
import { useResource } from '../resource/lib/use-resource';
import { SearchBox } from '../search/components/SearchBox';
import '../resource/resource.css';
import './atb.css';

const useTexts = defineTexts('atb', {
  zh: {
    title: '药物速查',
    lead: '输入药物的中文名、英文名、缩写或别名（如 头孢他啶/阿维巴坦、CZA、meropenem），选择建议直接进入药物页面，回车在药物列表中查找。',
    placeholder: '药物名称、代码或别名，如 头孢他啶/阿维巴坦、CZA',
    common: '常用药物',
    commonLead: '按折点条目数排列：临床药敏常规检测的药物。',
    byAware: '按 WHO AWaRe 分组浏览',
    all: '查看全部抗菌药物 →',
    aware: { Access: '一线、二线经验治疗药物', Watch: '耐药风险较高，重点监测', Reserve: '最后手段，用于多重耐药菌' } as Record<string, string>,
  },
  en: {
    title: 'Drug lookup',
    lead: 'Type a drug’s Chinese or English name, code or alias (e.g. 头孢他啶/阿维巴坦, CZA, meropenem): pick a suggestion to open the drug, or press Enter to search the drug list.',
    placeholder: 'Drug name, code or alias, e.g. ceftazidime/avibactam, CZA',
    common: 'Common drugs',
    commonLead: 'By number of breakpoints: the drugs of routine susceptibility testing.',
    byAware: 'Browse by WHO AWaRe group',
    all: 'All antimicrobial agents →',
    aware: { Access: 'first and second choice for empirical treatment', Watch: 'higher resistance potential, monitored', Reserve: 'last resort for multidrug-resistant infections' } as Record<string, string>,
  },
});

export default function AtbLookupPage() {
  const tx = useTexts();
  const locale = useLocale();
  const common = useResource<Page<AntibioticItem>>(resourcePaths.antibiotics, { withBreakpoints: 'true', sort: '-breakpoints', pageSize: 36 });
  return (
    <ResourceShell
      section="atb"
      testId="atb-page"
      title={tx.title}
      lead={tx.lead}
      crumbs={[{ label: tx.title }]}
      hero={
        <div className="mdc-res-quick">
          <SearchBox
            testId="atb-search-input"
            size="large"
            only="antibiotic"
            placeholder={tx.placeholder}
            searchPath={(k) => `/resource/atb?q=${encodeURIComponent(k)}`}
          />
        </div>
      }
    >
      <section className="mdc-res-section" data-testid="atb-common">
        <h2>
          {tx.common} <small>{tx.commonLead}</small>
          <LocaleLink to="/resource/atb" className="mdc-search-more">
            {tx.all}
          </LocaleLink>
        </h2>
        {common.problem && <ProblemAlert problem={common.problem} onRetry={common.reload} />}
        {!common.data && !common.problem && <Skeleton active />}
        <ul className="mdc-drug-grid">
          {common.data?.list.map((d) => (
            <li key={d.code}>
              <LocaleLink to={drugPath(d.code)} className="mdc-drug-chip" data-testid="atb-common-item">
                <span className="mdc-drug-chip__name">{locale === 'zh' ? (d.nameZh ?? d.name) : d.name}</span>
                <span className="mdc-drug-chip__code">{d.code}</span>
                {locale === 'zh' && d.nameZh && <span className="mdc-drug-chip__other">{d.name}</span>}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>
      <section className="mdc-res-section">
        <h2>{tx.byAware}</h2>
        <div className="mdc-res-chips">
          {['Access', 'Watch', 'Reserve'].map((a) => (
            <LocaleLink key={a} to={`/resource/atb?aware=${a}`} className="mdc-aware-link">
              <AwareTag aware={a} /> {tx.aware[a]}
            </LocaleLink>
          ))}
        </div>
      </section>
    </ResourceShell>
  );
}

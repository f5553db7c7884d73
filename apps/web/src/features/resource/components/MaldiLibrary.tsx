import { ThunderboltOutlined } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { fmt } from '../lib/texts';
import { useResource } from '../lib/use-resource';

/** The shared MALDI-TOF library as /api/resource/maldi tells it. */
interface MaldiSummary {
  entries: number;
  species: number;
  imported: number;
  admin: number;
  bySpecies: { species: string; taxonMo: string | null; entries: number }[];
  taxon: { id: number; source: 'import' | 'admin' | 'user'; species: string; strain: string; origin: string; replicates: number; peakCount: number }[] | null;
}

const TEXTS = {
  zh: {
    title: 'MALDI-TOF 谱库',
    unit: '个主谱图',
    detail: '{s} 个种；内置（RKI 柠檬酸杆菌谱图、Yang 2018 共有峰列表）与共享的主谱图，供质谱鉴定检索',
    section: 'MALDI-TOF 主谱图',
    sectionNote: '质谱鉴定检索的参考主谱图（MSP）中属于本分类单元的条目。',
    columns: { species: '菌种', strain: '菌株', peaks: '峰', source: '来源' },
    sources: { import: '内置', admin: '共享', user: '自建' },
    identify: '用质谱鉴定',
  },
  en: {
    title: 'MALDI-TOF library',
    unit: 'main spectra',
    detail: '{s} species; built-in (RKI Citrobacter spectra, Yang 2018 consensus peak lists) and shared main spectra that mass-spectrometry identification searches',
    section: 'MALDI-TOF main spectra',
    sectionNote: 'Reference main spectra (MSPs) of this taxon that mass-spectrometry identification searches.',
    columns: { species: 'Species', strain: 'Strain', peaks: 'Peaks', source: 'Source' },
    sources: { import: 'built-in', admin: 'shared', user: 'own' },
    identify: 'Identify by MALDI-TOF',
  },
};

const PATH = '/api/resource/maldi';

/** The library's card on /resource, beside the other categories: its counts, a link to the method. */
export function MaldiCard() {
  const t = TEXTS[useLocale()];
  const locale = useLocale();
  const loaded = useResource<MaldiSummary>(PATH);
  const data = loaded.data;
  if (!data || data.entries === 0) return null;
  return (
    <LocaleLink to="/blast?method=proteome" className="mdc-res-card" data-testid="resource-count-maldi" data-count={data.entries}>
      <span className="mdc-res-card__icon" aria-hidden>
        <ThunderboltOutlined />
      </span>
      <span className="mdc-res-card__body">
        <span className="mdc-res-card__title">{t.title}</span>
        <span className="mdc-res-card__count">
          <strong>{data.entries.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US')}</strong> <small>{t.unit}</small>
        </span>
        <span className="mdc-res-card__detail">{fmt(t.detail, { s: data.species })}</span>
      </span>
    </LocaleLink>
  );
}

/** A taxon's main spectra in the shared library, on its page; nothing when it has none. */
export function TaxonMaldi({ taxonId }: { taxonId: string }) {
  const t = TEXTS[useLocale()];
  const loaded = useResource<MaldiSummary>(PATH, { taxon: taxonId });
  const rows = loaded.data?.taxon ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="mdc-res-section" data-testid="taxon-maldi">
      <h2>
        {t.section} <small>{rows.length}</small>
      </h2>
      <p className="mdc-res-muted">
        {t.sectionNote} <LocaleLink to="/blast?method=proteome">{t.identify}</LocaleLink>
      </p>
      <Table
        className="mdc-res-table"
        size="small"
        rowKey="id"
        pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
        dataSource={rows}
        scroll={{ x: true }}
        columns={[
          { title: t.columns.species, dataIndex: 'species', render: (v: string) => <i>{v}</i> },
          { title: t.columns.strain, dataIndex: 'strain' },
          { title: t.columns.peaks, dataIndex: 'peakCount', width: 70, align: 'right' },
          { title: t.columns.source, dataIndex: 'source', render: (v: 'import' | 'admin' | 'user', row) => <Tag title={row.origin}>{t.sources[v]}</Tag> },
        ]}
      />
    </section>
  );
}

import { WarningOutlined } from '@ant-design/icons';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import { ProblemAlert } from '../components/LoadState';
import { ResourceShell } from '../components/ResourceShell';
import { fmt } from '../lib/texts';
import { useResource } from '../lib/use-resource';
import type { Page } from '../api';

interface Match {
  accession: string;
  species: string;
  similarity: number;
}

interface FlaggedReference {
  marker: string;
  accession: string;
  species: string;
  depositedSpecies: string;
  description: string;
  length: number;
  reason: 'other-marker' | 'other-genus';
  misfiled: { resembles: string; match: Match; ownSimilarity: number | null } | null;
  misplaced: { genus: string; insideGenus: string; closest: Match; clusterReferences: number; ownGenusSimilarity: number | null; ownGenusReferences: number } | null;
}

const TEXTS = {
  zh: {
    title: '待核查的参考序列',
    lead: '导入时发现、保留在库中但不参与鉴定的参考序列，附证据，供核查：其序列是另一标记基因（如细菌基因组中的酵母 18S 基因），或位于其他属的聚类之中、与本属相距甚远（多为标注错误）。',
    columns: { accession: '登录号', species: '归入菌种', reason: '原因', evidence: '证据', length: '长度 (bp)' },
    reasons: { 'other-marker': '另一标记基因', 'other-genus': '位于其他属中' },
    deposited: '登记名：{name}',
    otherMarker: '更像 {resembles} 参考序列：与 {species}（{accession}）相似度 {sim}%；与本标记最佳 {own}',
    otherGenus: '位于 {inside} 属的聚类中：与 {species}（{accession}）相似度 {sim}%，该属 {n} 条参考序列达到种水平相似度；与本属（{genus}，{m} 条）最佳 {own}',
    none: '无相近序列',
    total: '共 {n} 条',
    card: '待核查的参考序列',
    cardUnit: '条',
    cardDetail: '导入时排除在鉴定之外，附证据',
  },
  en: {
    title: 'Reference sequences to check',
    lead: 'Reference sequences an import found, kept in the database but left out of identification, with the evidence, for curators: the sequence is a gene of the other marker (a yeast 18S gene in a bacterial genome), or it sits inside another genus, far from its own (most often a mislabelled record).',
    columns: { accession: 'Accession', species: 'Filed under', reason: 'Reason', evidence: 'Evidence', length: 'Length (bp)' },
    reasons: { 'other-marker': 'gene of the other marker', 'other-genus': 'inside another genus' },
    deposited: 'deposited as {name}',
    otherMarker: 'closer to the {resembles} references: {sim} % to {species} ({accession}); best of its own marker {own}',
    otherGenus: 'inside {inside}: {sim} % to {species} ({accession}), {n} references of that genus at species-level similarity; best of its own genus ({genus}, {m} references) {own}',
    none: 'none close',
    total: '{n} sequences',
    card: 'Reference sequences to check',
    cardUnit: 'sequences',
    cardDetail: 'left out of identification at import, with the evidence',
  },
} as const;

/** For curators: the reference sequences an import left out of identification, and why. */
export default function FlaggedReferencesPage() {
  const locale = useLocale();
  const t = TEXTS[locale];
  const loaded = useResource<Page<FlaggedReference>>('/api/resource/references/flagged', { pageSize: 200 });
  const pct = (v: number | null) => (v === null ? t.none : `${v.toFixed(2)}%`);
  const columns: ColumnsType<FlaggedReference> = [
    { title: t.columns.accession, dataIndex: 'accession', width: 130, render: (v: string, r) => <span className="mdc-res-code">{r.marker} {v}</span> },
    {
      title: t.columns.species,
      dataIndex: 'species',
      width: 220,
      render: (v: string, r) => (
        <span>
          <LocaleLink to={`/search?q=${encodeURIComponent(v)}`}>
            <i>{v}</i>
          </LocaleLink>
          {r.depositedSpecies && <div className="mdc-res-muted">{fmt(t.deposited, { name: r.depositedSpecies })}</div>}
        </span>
      ),
    },
    { title: t.columns.reason, dataIndex: 'reason', width: 140, render: (v: FlaggedReference['reason']) => <Tag color={v === 'other-genus' ? 'orange' : 'red'}>{t.reasons[v]}</Tag> },
    {
      title: t.columns.evidence,
      key: 'evidence',
      render: (_: unknown, r) =>
        r.misplaced
          ? fmt(t.otherGenus, {
              inside: r.misplaced.insideGenus,
              sim: r.misplaced.closest.similarity.toFixed(2),
              species: r.misplaced.closest.species,
              accession: r.misplaced.closest.accession,
              n: r.misplaced.clusterReferences,
              genus: r.misplaced.genus,
              m: r.misplaced.ownGenusReferences,
              own: pct(r.misplaced.ownGenusSimilarity),
            })
          : r.misfiled
            ? fmt(t.otherMarker, { resembles: r.misfiled.resembles, sim: r.misfiled.match.similarity.toFixed(1), species: r.misfiled.match.species, accession: r.misfiled.match.accession, own: pct(r.misfiled.ownSimilarity) })
            : '',
    },
    { title: t.columns.length, dataIndex: 'length', width: 100, responsive: ['md'] },
  ];
  return (
    <ResourceShell section="taxon" testId="resource-references-page" title={t.title} lead={t.lead} crumbs={[{ label: t.title }]}>
      {loaded.problem ? (
        <ProblemAlert problem={loaded.problem} onRetry={loaded.reload} />
      ) : (
        <>
          <p className="mdc-res-muted" data-testid="flagged-total">
            {fmt(t.total, { n: loaded.data?.total ?? 0 })}
          </p>
          <Table<FlaggedReference>
            rowKey={(r) => `${r.marker}:${r.accession}`}
            size="small"
            loading={loaded.loading}
            columns={columns}
            dataSource={loaded.data?.list ?? []}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            scroll={{ x: 720 }}
            onRow={() => ({ 'data-testid': 'flagged-row' }) as object}
          />
        </>
      )}
    </ResourceShell>
  );
}

/** The overview's card for curators; nothing when no reference was left out. */
export function FlaggedReferencesCard() {
  const locale = useLocale();
  const t = TEXTS[locale];
  const loaded = useResource<Page<FlaggedReference>>('/api/resource/references/flagged', { pageSize: 1 });
  const total = loaded.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <LocaleLink to="/resource/references" className="mdc-res-card" data-testid="resource-count-flagged" data-count={total}>
      <span className="mdc-res-card__icon" aria-hidden>
        <WarningOutlined />
      </span>
      <span className="mdc-res-card__body">
        <span className="mdc-res-card__title">{t.card}</span>
        <span className="mdc-res-card__count">
          <strong>{total.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US')}</strong> <small>{t.cardUnit}</small>
        </span>
        <span className="mdc-res-card__detail">{t.cardDetail}</span>
      </span>
    </LocaleLink>
  );
}

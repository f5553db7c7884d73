import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Fragment } from 'react';
import { CLOSEST_LABEL, callHeadlineParts, claimedCall, claimedRank, nextStep, type IdentificationCall, type IdentificationMethod } from '@mdc/core/identify';
import { LocaleLink } from '../../../components/LocaleLink';
import { useLocale } from '../../../lib/i18n/hooks';
import type { ConfidenceLevel, TaskDetail, TaskStatus } from '../api';
import { BLAST_TEXTS, fmt, useBlastTexts } from '../texts';

const LEVEL_COLORS: Record<ConfidenceLevel, string> = {
  species: 'green',
  'species-group': 'cyan',
  genus: 'gold',
  family: 'orange',
  none: 'red',
};

export function ConfidenceTag({ level }: { level: ConfidenceLevel }) {
  const tx = useBlastTexts();
  return (
    <Tag color={LEVEL_COLORS[level]} data-testid="confidence-tag" data-level={level}>
      {tx.levels[level]}
    </Tag>
  );
}

/** Running splits into "queued" and "running" when the job says which. */
export function StatusTag({ status, queued = false }: { status: TaskStatus; queued?: boolean }) {
  const tx = useBlastTexts();
  if (status === 'done') {
    return (
      <Tag color="success" icon={<CheckCircleOutlined />} data-testid="task-status" data-status="done">
        {tx.status.done}
      </Tag>
    );
  }
  if (status === 'failed') {
    return (
      <Tag color="error" icon={<CloseCircleOutlined />} data-testid="task-status" data-status="failed">
        {tx.status.failed}
      </Tag>
    );
  }
  return queued ? (
    <Tag color="default" icon={<ClockCircleOutlined />} data-testid="task-status" data-status="running">
      {tx.status.queued}
    </Tag>
  ) : (
    <Tag color="processing" icon={<SyncOutlined spin />} data-testid="task-status" data-status="running">
      {tx.status.running}
    </Tag>
  );
}

/** The taxon page of a species, or the search for its name when the taxonomy did not link it at import. */
export function taxonPath(species: string, taxonId: string | null): string {
  return taxonId ? `/resource/taxon/${encodeURIComponent(taxonId)}` : `/search?k=${encodeURIComponent(species)}`;
}

/** A species name in italics, linked to its taxon page. */
export function SpeciesLink({ species, taxonId, testId }: { species: string; taxonId: string | null; testId?: string }) {
  if (!species) return <span>—</span>;
  return (
    <LocaleLink to={taxonPath(species, taxonId)} className="mdc-blast-species" data-testid={testId} data-taxon={taxonId ?? ''}>
      <i>{species}</i>
    </LocaleLink>
  );
}

/**
 * A message as our pages show it: the API keeps the seed's wording ("16s gene sequence"), the
 * page writes the marker as microbiologists do (16S, 18S).
 */
export function markerCase(text: string): string {
  return text.replace(/(^|[^\w.])(16|18)s\b/g, '$1$2S');
}

export function percent(value: number, digits = 2): string {
  return `${value.toFixed(digits)}%`;
}

export function dateTime(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The facts of a task of sequences (16S/18S, ITS): how many were submitted and, once done, identified. */
export function sequenceFacts(task: TaskDetail, locale: 'zh' | 'en') {
  const t = BLAST_TEXTS[locale].result;
  return [
    {
      label: t.sequences,
      value: task.identifiedCount !== null && task.status !== 'running' ? fmt(t.identified, { n: task.identifiedCount, total: task.itemCount }) : String(task.itemCount),
    },
  ];
}

type CallOfList = Pick<IdentificationCall, 'name' | 'level' | 'closest'>;

/**
 * A call's headline as every method's page and list show it: the taxon claimed, in italics — a
 * genus as "<i>Weissella</i> sp." ("<i>Weissella</i> 属未定种"), never its closest species.
 */
export function CallName({ call, testId }: { call: CallOfList; testId?: string }) {
  const locale = useLocale();
  const claimed = claimedCall(call);
  return (
    <span className="mdc-blast-call-name" data-testid={testId} data-rank={claimedRank(claimed)}>
      {callHeadlineParts(claimed, locale).map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : <Fragment key={i}>{part.text}</Fragment>))}
    </span>
  );
}

/** "closest: <i>Weissella cibaria</i>" under a call above the species; nothing for a species. */
export function ClosestSpecies({ call, taxonId, link = false }: { call: CallOfList; taxonId?: string | null; link?: boolean }) {
  const locale = useLocale();
  const claimed = claimedCall(call);
  const rank = claimedRank(claimed);
  if (!claimed.closest || rank === 'species' || rank === 'species-group') return null;
  return (
    <span className="mdc-blast-closest" data-testid="call-closest">
      {CLOSEST_LABEL[locale]}
      {locale === 'zh' ? '：' : ': '}
      {link ? <SpeciesLink species={claimed.closest} taxonId={taxonId ?? null} testId="top-hit-species" /> : <i>{claimed.closest}</i>}
    </span>
  );
}

/** What settles the species after a call above it, for the method that made the call. */
export function NextStep({ method, call }: { method: IdentificationMethod; call: CallOfList | null | undefined }) {
  const locale = useLocale();
  const step = nextStep(method, call ? claimedCall(call) : null);
  if (!step) return null;
  return (
    <p className="mdc-blast-next-step" data-testid="call-next-step">
      {step[locale]}
    </p>
  );
}

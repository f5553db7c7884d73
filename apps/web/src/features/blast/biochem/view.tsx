import { MORPHOLOGY_GROUPS, QUALITY_LEVELS } from '@mdc/core/identify/biochem';
import { useLocale } from '../../../lib/i18n/hooks';
import type { TaskDetail, TaskSummary } from '../api';
import { CallName } from '../components/bits';
import type { BlastMethodView } from '../method-view';
import type { BiochemReport, QualityLevel } from './api';
import { BiochemDialog } from './BiochemDialog';
import { BiochemResult, QualityTag, TaxonName } from './BiochemResult';
import { BIOCHEM_TEXTS } from './texts';
import './biochem.css';

/** The call in lists: the taxon, its %ID, the quality label, and the profile or sample. */
function BiochemCall({ task }: { task: TaskSummary }) {
  const locale = useLocale();
  const call = task.call;
  if (!call) return null;
  // A morphology group is stored by its English name: the history names it in the page's language.
  const group = MORPHOLOGY_GROUPS.find((g) => g.name.en === call.name);
  const summary = (task.summary ?? {}) as { profile?: string; sampleName?: string; quality?: QualityLevel | null };
  // The level names the rank when the call is above the species ("genus", "species-group"); its label is then in the summary.
  const quality = (QUALITY_LEVELS as readonly string[]).includes(call.level) ? (call.level as QualityLevel) : (summary.quality ?? null);
  return (
    <span className="mdc-blast-hist-top">
      {call.level === 'genus' ? (
        <CallName call={call} testId="history-top-species" />
      ) : group ? (
        <span data-testid="history-top-species" data-taxon={call.name}>
          {group.name[locale]}
        </span>
      ) : (
        <TaxonName name={call.name} testId="history-top-species" />
      )}
      {call.value !== null && <span className="mdc-blast-muted">%ID {call.value >= 99.95 ? '99.9' : call.value.toFixed(1)}</span>}
      {quality && <QualityTag level={quality} />}
      {summary.profile && <span className="mdc-blast-muted mdc-blast-mono">{summary.profile}</span>}
      {summary.sampleName && <span className="mdc-blast-muted">{summary.sampleName}</span>}
    </span>
  );
}

function facts(task: TaskDetail, locale: 'zh' | 'en') {
  const t = BIOCHEM_TEXTS[locale].result;
  const report = task.biochem as BiochemReport | null | undefined;
  const out: { label: string; value: string; testId?: string }[] = [];
  if (!report) return out;
  if (report.sampleName) out.push({ label: t.sample, value: report.sampleName, testId: 'biochem-sample' });
  out.push({ label: t.panel, value: report.panel.name[locale], testId: 'biochem-panel' });
  if (report.profile) out.push({ label: t.profile, value: report.profile, testId: 'biochem-profile-fact' });
  out.push({ label: t.matrix, value: `${report.matrix.name[locale]} (${report.matrix.taxa})` });
  return out;
}

export const biochemViews: BlastMethodView[] = [
  { id: 'biochem', card: 'biochem', Dialog: BiochemDialog, Result: BiochemResult, Call: BiochemCall, facts },
  { id: 'morphology', card: 'morph', Dialog: BiochemDialog, Result: BiochemResult, Call: BiochemCall, facts },
];

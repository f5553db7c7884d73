import { Tag } from 'antd';
import { SIMILARITY_DEFINITION, sequenceCall, thresholdsFor } from '@mdc/core/identify/rrna';
import { useLocale } from '../../../lib/i18n/hooks';
import type { ConfidenceLevel, Localized, Marker, TaskDetail, TaskSummary } from '../api';
import { CallName, ClosestSpecies, ConfidenceTag, markerCase, percent, sequenceFacts } from '../components/bits';
import type { BlastMethodView, MethodDialogProps } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { SequenceResult } from './SequenceResult';
import { SubmitDialog } from './SubmitDialog';

function RrnaDialog({ method, open, info, onClose }: MethodDialogProps) {
  return <SubmitDialog marker={open ? (method as Marker) : null} info={info} onClose={onClose} />;
}

/** Every sequence's result, a jump list when there are several, and the definitions. */
function RrnaResult({ task }: { task: TaskDetail }) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const sequences = task.sequences ?? [];
  const thresholds = thresholdsFor(task.method as Marker);
  return (
    <>
      {task.status !== 'running' && sequences.length > 1 && (
        <nav className="mdc-blast-jump mdc-blast-noprint" aria-label={tx.result.jump} data-testid="sequence-nav">
          {sequences.map((s) => (
            <a key={s.position} href={`#seq-${s.position}`} className="mdc-blast-jump__item">
              <span className="mdc-blast-jump__no">{s.position}</span>
              <span className="mdc-blast-jump__name">{s.queryId}</span>
              {s.result?.ok ? (
                <>
                  <span className="mdc-blast-jump__species">
                    <CallName call={sequenceCall({ confidence: s.result.confidence, topHit: s.result.hits.find((h) => h.rank === 1) ?? s.result.hits[0]! })} />
                  </span>
                  <span className="mdc-blast-jump__sim">{percent(s.result.hits[0]!.similarity)}</span>
                  <ConfidenceTag level={s.result.confidence.level} />
                </>
              ) : s.result?.reason === 'no-similar-reference' ? (
                <Tag color="gold">{tx.result.noSimilar}</Tag>
              ) : (
                s.result && <Tag color="red">{tx.result.refused}</Tag>
              )}
            </a>
          ))}
        </nav>
      )}

      {task.status !== 'running' && sequences.map((s) => <SequenceResult key={s.position} taskId={task.id} marker={task.method as Marker} sequence={s} thresholds={thresholds} />)}

      <section className="mdc-blast-definition" data-testid="similarity-definition">
        <h2>{tx.result.definitionTitle}</h2>
        <p>{SIMILARITY_DEFINITION[locale]}</p>
        <ul>
          <li>
            {fmt(tx.thresholds.species.title, { species: thresholds.species })} — {fmt(tx.thresholds.species.text, { margin: thresholds.speciesMargin })}
          </li>
          <li>
            {fmt(tx.thresholds.genus.title, { genus: thresholds.genus })} — {tx.thresholds.genus.text}
          </li>
          <li>
            {fmt(tx.thresholds.family.title, { family: thresholds.family })} — {tx.thresholds.family.text}
          </li>
          <li>{fmt(tx.thresholds.coverage, { coverage: thresholds.minCoverage })}</li>
        </ul>
        <p className="mdc-blast-definition__source">{tx.page.thresholdsNote}</p>
      </section>
    </>
  );
}

/**
 * The call of the first identified sequence — a species group by its members, a genus as
 * "<Genus> sp." with its closest species — and how many more were identified; "no similar
 * reference" when that is the answer.
 */
function RrnaCall({ task }: { task: TaskSummary }) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const summary = (task.summary ?? {}) as {
    members?: string[];
    noSimilarReference?: number;
    bestSimilarity?: number;
    refusal?: { message: Localized; detail: Localized };
  };
  if (!task.call || (!task.call.name && !task.call.closest)) {
    if (summary.refusal) {
      // The seed's headline, and under it what to change.
      return (
        <span className="mdc-blast-hist-refusal" data-testid="history-refusal">
          <span className="mdc-blast-hist-error">{markerCase(summary.refusal.message[locale])}</span>
          <span className="mdc-blast-muted">{summary.refusal.detail[locale]}</span>
        </span>
      );
    }
    if (!summary.noSimilarReference) return null;
    const best = summary.bestSimilarity ?? 0;
    return (
      <span className="mdc-blast-hist-top mdc-blast-muted" data-testid="history-no-match">
        {best > 0 ? fmt(tx.history.noSimilar, { sim: best.toFixed(2) }) : tx.result.noSimilar}
      </span>
    );
  }
  // The call as stored: a species group by its members, a genus as "<Genus> sp." with its closest species.
  const call = task.call!;
  return (
    <span className="mdc-blast-hist-top">
      <CallName call={call} testId="history-top-species" />
      <ClosestSpecies call={call} />
      {call.value !== null && <span className="mdc-blast-muted">{percent(call.value)}</span>}
      <ConfidenceTag level={call.level as ConfidenceLevel} />
      {task.itemCount > 1 && task.identifiedCount !== null && task.identifiedCount > 1 && (
        <span className="mdc-blast-muted">{fmt(tx.history.more, { n: task.identifiedCount - 1 })}</span>
      )}
    </span>
  );
}

export const rrnaViews: BlastMethodView[] = [
  { id: '16S', card: '16s', Dialog: RrnaDialog, Result: RrnaResult, Call: RrnaCall, facts: sequenceFacts },
  { id: '18S', card: '18s', Dialog: RrnaDialog, Result: RrnaResult, Call: RrnaCall, facts: sequenceFacts },
];

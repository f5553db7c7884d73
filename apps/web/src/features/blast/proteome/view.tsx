import type { TaskDetail, TaskSummary } from '../api';
import { CallName, ClosestSpecies } from '../components/bits';
import type { BlastMethodView } from '../method-view';
import { fmt } from '../texts';
import { BandTag, shown } from './bits';
import type { ProteomeLevel, ProteomeReport } from './api';
import { ProteomeDialog } from './ProteomeDialog';
import { ProteomeResult } from './ProteomeResult';
import { PROTEOME_TEXTS, useProteomeTexts } from './texts';
import './proteome.css';

const LEVELS: readonly string[] = ['subspecies', 'species', 'genus', 'none'];

/** The call in lists: the first spectrum's species with its log score and band; plates say how many spots were identified. */
function ProteomeCall({ task }: { task: TaskSummary }) {
  const px = useProteomeTexts();
  const call = task.call;
  if (!call) return null;
  const level = (LEVELS.includes(call.level) ? call.level : 'none') as ProteomeLevel;
  const summary = (task.summary ?? {}) as { spectra?: number; identified?: number };
  return (
    <span className="mdc-blast-hist-top">
      {/* A genus call reads as every method's does: "Escherichia sp." with its closest species, not the bare genus. */}
      {call.name && level !== 'none' ? (
        <>
          <CallName call={call} testId="history-top-species" />
          <ClosestSpecies call={call} />
        </>
      ) : (
        <span data-testid="history-top-species">{px.result.noCall}</span>
      )}
      {call.value !== null && <span className="mdc-blast-muted">{shown(call.value)}</span>}
      <BandTag level={level} />
      {summary.spectra !== undefined && summary.spectra > 1 && (
        <span className="mdc-blast-muted">
          {fmt(px.history.spectra, { n: summary.spectra })} · {fmt(px.history.identified, { n: summary.identified ?? 0 })}
        </span>
      )}
    </span>
  );
}

function facts(task: TaskDetail, locale: 'zh' | 'en') {
  const t = PROTEOME_TEXTS[locale].result;
  const report = task.proteome as ProteomeReport | null | undefined;
  const out: { label: string; value: string; testId?: string }[] = [];
  if (report) {
    out.push({ label: t.spectra, value: String(report.spectra.length), testId: 'proteome-count' });
    out.push({
      label: t.library,
      value: fmt(t.libraryValue, { n: report.library.entries, s: report.library.species }) + (report.library.own ? fmt(t.libraryOwn, { n: report.library.own }) : ''),
    });
  }
  return out;
}

export const proteomeView: BlastMethodView = { id: 'proteome', card: 'ms', Dialog: ProteomeDialog, Result: ProteomeResult, Call: ProteomeCall, facts };

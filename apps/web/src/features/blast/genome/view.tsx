import type { TaskDetail, TaskSummary } from '../api';
import { CallName, ClosestSpecies, ConfidenceTag, percent } from '../components/bits';
import type { BlastMethodView } from '../method-view';
import type { GenomeReport } from './api';
import { GenomeDialog } from './GenomeDialog';
import { GenomeResult } from './GenomeResult';
import { GENOME_TEXTS, useGenomeTexts } from './texts';
import { fmt } from '../texts';
import './genome.css';

/** The call in lists: species (or genus sp.), ANI and the level. */
function GenomeCall({ task }: { task: TaskSummary }) {
  const gx = useGenomeTexts();
  const call = task.call;
  if (!call) return null;
  const summary = (task.summary ?? {}) as { sampleName?: string; ambiguous?: boolean; headline?: string | null };
  return (
    <span className="mdc-blast-hist-top">
      {call.level === 'none' ? <span data-testid="history-top-species">{gx.result.noCall}</span> : <CallName call={call} testId="history-top-species" />}
      <ClosestSpecies call={call} />
      {call.value !== null && <span className="mdc-blast-muted">ANI {percent(call.value)}</span>}
      <ConfidenceTag level={call.level as 'species' | 'genus' | 'none'} />
      {/* Key mechanisms and the ST, e.g. "KPC-2 · CTX-M-14 · ST11": what sets this isolate apart in a list of the same species. */}
      {summary.headline && (
        <span className="mdc-genome-headline" data-testid="history-genome-headline">
          {summary.headline}
        </span>
      )}
      {summary.sampleName && <span className="mdc-blast-muted mdc-genome-sample">{summary.sampleName}</span>}
    </span>
  );
}

function facts(task: TaskDetail, locale: 'zh' | 'en') {
  const t = GENOME_TEXTS[locale].result;
  const report = task.genome as GenomeReport | null | undefined;
  const input = (report?.query ?? (task as unknown as { input?: { sampleName?: string } }).input) as { sampleName?: string } | undefined;
  const out: { label: string; value: string; testId?: string }[] = [];
  if (input?.sampleName) out.push({ label: t.sample, value: input.sampleName, testId: 'genome-sample' });
  // The frame shows how many references answered; an account's own among them is worth a word.
  if (report?.library.own) out.push({ label: t.library, value: fmt(t.libraryValue, { n: report.library.references, s: report.library.species }) + fmt(t.libraryOwn, { n: report.library.own }) });
  return out;
}

export const genomeView: BlastMethodView = { id: 'genome', card: 'genome', Dialog: GenomeDialog, Result: GenomeResult, Call: GenomeCall, facts };

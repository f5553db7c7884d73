import { Fragment } from 'react';
import type { Localized, TaskDetail, TaskSummary } from '../api';
import { CallName, ClosestSpecies, ConfidenceTag, percent, sequenceFacts } from '../components/bits';
import { useLocale } from '../../../lib/i18n/hooks';
import type { BlastMethodView } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { ItsDialog } from './ItsDialog';
import { ItsResult } from './ItsResult';
import './its.css';

/** The call in lists: the complex (with the tied species), a species group, a species or a genus ("<Genus> sp.", with its closest species). */
function ItsCall({ task }: { task: TaskSummary }) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const summary = (task.summary ?? {}) as { members?: string[]; group?: Localized; noSimilarReference?: number; refusal?: { message: Localized; detail: Localized } };
  const call = task.call;
  if (!call) {
    if (summary.refusal)
      return (
        <span className="mdc-blast-hist-refusal" data-testid="history-refusal">
          <span className="mdc-blast-hist-error">{summary.refusal.message[locale]}</span>
          <span className="mdc-blast-muted">{summary.refusal.detail[locale]}</span>
        </span>
      );
    return summary.noSimilarReference ? <span className="mdc-blast-muted">{tx.result.noSimilar}</span> : null;
  }
  const members = summary.members && summary.members.length > 1 ? summary.members : null;
  return (
    <span className="mdc-blast-hist-top">
      <span data-testid="history-top-species">
        {summary.group ? (
          <span>{summary.group[locale]}</span>
        ) : members ? (
          members.map((name, i) => (
            <Fragment key={name}>
              {i > 0 && ' / '}
              <i>{name}</i>
            </Fragment>
          ))
        ) : (
          <CallName call={call} />
        )}
      </span>
      {!summary.group && <ClosestSpecies call={call} />}
      {call.value !== null && <span className="mdc-blast-muted">{percent(call.value)}</span>}
      <ConfidenceTag level={call.level as 'species'} />
      {task.itemCount > 1 && task.identifiedCount !== null && task.identifiedCount > 1 && <span className="mdc-blast-muted">{fmt(tx.history.more, { n: task.identifiedCount - 1 })}</span>}
    </span>
  );
}

export const itsView: BlastMethodView = { id: 'ITS', card: 'its', Dialog: ItsDialog, Result: ItsResult, Call: ItsCall, facts: sequenceFacts };

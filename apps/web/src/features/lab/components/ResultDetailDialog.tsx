import { Button } from 'antd';
import { breakpointLimit, formatBreakpointValue, intermediateText } from '@mdc/contracts';
import { Dialog } from '../../../components/dialog/Dialog';
import { useLocale } from '../../../lib/i18n/hooks';
import type { ExperimentDetail, ResultItem } from '../api';
import { categoryName, useLabText } from '../i18n';
import { CategoryTag } from './CategoryTag';
import { drugLabel } from './AddAntibioticDialog';

/** "≤ 8", "> 8": a limit in its guideline's notation (EUCAST prints R > 8 where CLSI's form is R ≥ 16). */
function limitText(guideline: string, method: string, which: 's' | 'r', value: number): string {
  const limit = breakpointLimit(guideline, method, which, value);
  // EUCAST's off-scale S as EUCAST prints it, "≤ (0.001)"; CLSI's drugs without S, "—"
  if (limit.offScale) return limit.operator ? `${limit.operator} (${formatBreakpointValue(limit.value)})` : limit.text;
  return `${limit.operator} ${formatBreakpointValue(limit.value)}`;
}

function show(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The detail of one susceptibility result: the whole reasoning behind it. */
export function ResultDetailDialog({ experiment, result, onClose }: { experiment: ExperimentDetail; result: ResultItem | null; onClose: () => void }) {
  const text = useLabText();
  const locale = useLocale();
  const d = text.detail;
  const bp = result?.breakpoint ?? null;
  const title = result ? `${d.title} · ${result.antibiotic ? drugLabel(result.antibiotic, locale) : result.antibioticInput}` : d.title;
  return (
    <Dialog
      open={result !== null}
      title={title}
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose} data-testid="detail-close">
          {d.close}
        </Button>
      }
    >
      {result && (
        <div className="mdc-detail" data-testid="result-detail-dialog">
          <dl>
            <dt>{d.outcome}</dt>
            <dd>
              <CategoryTag category={result.category} guideline={result.guideline} year={result.year} />{' '}
              {result.category && <span>{categoryName(text, result.category, result.guideline, result.year)}</span>}
            </dd>
            <dt>{d.input}</dt>
            <dd>
              {result.antibiotic ? `${drugLabel(result.antibiotic, locale)} (${result.antibiotic.code})` : result.antibioticInput}
              {' · '}
              {result.method ?? experiment.method ?? ''} {show(result.value)}
              {result.potency ? ` · ${result.potency}` : ''}
            </dd>
            {experiment.organismMatch && experiment.organismMatch.kind !== 'code' && (
              <>
                <dt>{d.organismMatch}</dt>
                <dd>
                  {experiment.organism.input} → {experiment.organism.name} ({experiment.organism.code}) · {experiment.organismMatch.kind}
                  {experiment.organismMatch.kind === 'fuzzy' ? ` ${Math.round(experiment.organismMatch.similarity * 100)}%` : ''}
                </dd>
              </>
            )}
          </dl>

          <h4>{d.reasoning}</h4>
          <div className="mdc-detail__explain" data-testid="detail-explanation">
            {result.explanation[locale]}
          </div>
          {result.notes.length > 0 && (
            <>
              <h4>{d.notes}</h4>
              <ul>
                {result.notes.map((note, i) => (
                  <li key={i}>{note[locale]}</li>
                ))}
              </ul>
            </>
          )}

          <h4>{d.breakpointRow}</h4>
          {bp ? (
            <dl data-testid="detail-breakpoint">
              <dt>{text.result.guideline}</dt>
              <dd>
                {bp.guideline} {bp.year} · {bp.method}
              </dd>
              <dt>S</dt>
              <dd>{bp.s === null ? '—' : limitText(bp.guideline, bp.method, 's', bp.s)}</dd>
              <dt>I</dt>
              <dd>{show(intermediateText(bp))}</dd>
              <dt>SDD</dt>
              <dd>{show(bp.sdd)}</dd>
              <dt>R</dt>
              <dd>{bp.r === null ? '—' : limitText(bp.guideline, bp.method, 'r', bp.r)}</dd>
              <dt>{d.ecoff}</dt>
              <dd>{show(bp.ecoff)}</dd>
              {bp.potency && (
                <>
                  <dt>{d.potency}</dt>
                  <dd>{bp.potency}</dd>
                </>
              )}
              <dt>{d.site}</dt>
              <dd>{show(bp.site)}</dd>
              <dt>{d.type}</dt>
              <dd>
                {d.types[bp.type] ?? bp.type}
                {bp.host && bp.host !== 'Human' ? ` · ${bp.host}` : ''}
              </dd>
              <dt>{d.table}</dt>
              <dd>{show(bp.referenceTable)}</dd>
              <dt>{d.level}</dt>
              <dd>
                {text.levels[bp.organismLevel] ?? bp.organismLevel} ({bp.organismLevel} {bp.organismCode})
                {result.matchedGroup ? ` · ${result.matchedGroup[locale]}` : ''}
              </dd>
              {bp.source && (
                <>
                  <dt>{d.source}</dt>
                  <dd className="mdc-lab__code" style={{ marginLeft: 0 }}>
                    {bp.source}
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p className="mdc-lab__muted">{d.noBreakpoint}</p>
          )}

          {result.expectedResistance && (
            <>
              <h4>{d.expected}</h4>
              <dl>
                <dt>{text.result.guideline}</dt>
                <dd>{result.expectedResistance.guideline}</dd>
                <dt>{d.table}</dt>
                <dd>{result.expectedResistance.referenceTable}</dd>
                <dt>{d.level}</dt>
                <dd>
                  {text.levels[result.expectedResistance.level] ?? result.expectedResistance.level} ({result.expectedResistance.organismCode})
                </dd>
                {result.expectedResistance.source && (
                  <>
                    <dt>{d.source}</dt>
                    <dd>{result.expectedResistance.source}</dd>
                  </>
                )}
              </dl>
            </>
          )}

          <h4>{d.rules}</h4>
          {experiment.expertRules === false ? (
            <p className="mdc-lab__muted" data-testid="detail-rules-off">{text.tests.rulesOffText}</p>
          ) : result.changes.length === 0 ? (
            <p className="mdc-lab__muted">{d.noRule}</p>
          ) : (
            result.changes.map((change, i) => (
              <div key={i} className="mdc-detail__change" data-testid="detail-rule">
                <div>
                  <strong>{change.rule}</strong> <span className="mdc-lab__muted">({change.source})</span>
                </div>
                <div>
                  {d.before}: <CategoryTag category={change.from} /> → {d.after}: <CategoryTag category={change.to} />
                </div>
                <div className="mdc-lab__explain">{change.text[locale]}</div>
              </div>
            ))
          )}
        </div>
      )}
    </Dialog>
  );
}

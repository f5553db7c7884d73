import { Button, Form, Input, Segmented, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BIOCHEM_PANELS, TEST_GROUP_NAMES, biochemTest, type BiochemPanel, type BiochemTestGroup, type Reaction } from '@mdc/core/identify/biochem';
import { Dialog } from '../../../components/dialog/Dialog';
import { isCancelled } from '../../../lib/http';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import type { SubmitAnswer, SubmitProblem } from '../api';
import { rememberLocalTask } from '../local-tasks';
import type { MethodDialogProps } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { submitBiochem, type BiochemInfo } from './api';
import {
  applyProfile,
  chooseInGroup,
  groupChoice,
  nextReaction,
  notDone,
  primaryBeside,
  profileOf,
  readCount,
  readTypedProfile,
  restNegative,
  submissionFields,
  withReaction,
  type Entered,
} from './entry';
import { useBiochemTexts } from './texts';

type Field = 'panel' | 'profile' | 'reactions' | 'sampleName';
type Problem = { field: Field; message: string };

/**
 * The primary tests the dialog asks for, in the order of a bench sheet: what the issue calls the
 * primary tests and morphology. A group is one choice (cell shape …); a code is one +/– test.
 */
const KEY_PRIMARY: readonly (BiochemTestGroup | string)[] = ['GRAM', 'shape', 'arrangement', 'SPOR', 'MOT', 'oxygen', 'CAT', 'OX', 'COA', 'haemolysis', 'MAC', 'PIG'];
const GROUPS = new Set<string>(['shape', 'arrangement', 'oxygen', 'haemolysis']);
const BIOCHEM_PANEL_IDS = ['API20E', 'conventional'] as const;

/** One test as a three-state switch: not done, –, +. */
function TestSwitch({ code, value, onChange }: { code: string; value: Reaction | undefined; onChange(value: Reaction | undefined): void }) {
  const bx = useBiochemTexts();
  const locale = useLocale();
  const test = biochemTest(code);
  const options = [
    { value: 'none', label: bx.dialog.states.none },
    { value: '-', label: <span aria-label={bx.dialog.states['-']}>–</span> },
    { value: '+', label: <span aria-label={bx.dialog.states['+']}>+</span> },
  ];
  return (
    <div className="mdc-bc-primary__item" data-testid={`primary-${code}`}>
      <span className="mdc-bc-primary__label" title={test?.positive?.[locale] ?? test?.substrate?.[locale]}>
        {test?.name[locale] ?? code}
      </span>
      <Segmented
        size="small"
        value={value ?? 'none'}
        options={options}
        onChange={(v) => onChange(v === 'none' ? undefined : (v as Reaction))}
        aria-label={test?.name[locale] ?? code}
      />
    </div>
  );
}

/** One group of alternatives (cell shape, arrangement, oxygen relation, haemolysis) as a choice. */
function GroupChoice({ group, entered, onChange }: { group: BiochemTestGroup; entered: Entered; onChange(next: Entered): void }) {
  const bx = useBiochemTexts();
  const locale = useLocale();
  const members = BIOCHEM_PANELS.primary.tests.filter((code) => biochemTest(code)?.group === group);
  const value = groupChoice(entered, group);
  const options = [
    { value: 'not-done', label: bx.dialog.choice.none },
    ...members.map((code) => ({ value: code, label: biochemTest(code)!.name[locale] })),
    ...(group === 'haemolysis' ? [{ value: 'none', label: bx.dialog.haemolysisNone }] : []),
  ];
  return (
    <div className="mdc-bc-primary__item" data-testid={`primary-${group}`}>
      <span className="mdc-bc-primary__label">{TEST_GROUP_NAMES[group][locale]}</span>
      <Select
        size="small"
        value={value ?? 'not-done'}
        options={options}
        onChange={(v: string) => onChange(chooseInGroup(entered, group, v === 'not-done' ? undefined : v))}
        popupMatchSelectWidth={false}
        className="mdc-bc-primary__select"
        aria-label={TEST_GROUP_NAMES[group][locale]}
        data-testid={`choose-${group}`}
      />
    </div>
  );
}

/** A well of the strip: click to read it +, then –, then not done again. */
function Well({ code, value, named = false, onClick }: { code: string; value: Reaction | undefined; named?: boolean; onClick(): void }) {
  const bx = useBiochemTexts();
  const locale = useLocale();
  const test = biochemTest(code);
  const state = value === '+' ? 'is-pos' : value === '-' ? 'is-neg' : 'is-none';
  const stateText = value ? bx.dialog.states[value] : bx.dialog.states.none;
  return (
    <button
      type="button"
      className={`mdc-bc-well ${state}`}
      onClick={onClick}
      data-testid={`well-${code}`}
      data-state={value ?? ''}
      aria-label={`${code} ${test?.name[locale] ?? ''}: ${stateText}`}
      title={`${test?.name[locale] ?? code}${test?.substrate ? ` · ${test.substrate[locale]}` : ''}`}
    >
      <span className="mdc-bc-well__code">{code}</span>
      {named && <span className="mdc-bc-well__name">{test?.name[locale] ?? code}</span>}
      <span className="mdc-bc-well__sign" aria-hidden>
        {value === '+' ? '+' : value === '-' ? '–' : '·'}
      </span>
    </button>
  );
}

/**
 * Biochemistry (a panel's wells or the numerical profile, with the primary tests) and morphology
 * (the primary tests alone). The grid follows a typed profile and the profile the grid; the
 * dialog checks what it can with the engine's own sentences and never closes on a backdrop click.
 */
export function BiochemDialog({ method, open, info, onClose }: MethodDialogProps) {
  const tx = useBlastTexts();
  const bx = useBiochemTexts();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const morphology = method === 'morphology';
  const [panelId, setPanelId] = useState<(typeof BIOCHEM_PANEL_IDS)[number]>('API20E');
  const [entered, setEntered] = useState<Entered>({});
  const [typed, setTyped] = useState('');
  const [sampleName, setSampleName] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);

  const panel: BiochemPanel = morphology ? BIOCHEM_PANELS.primary : BIOCHEM_PANELS[panelId];
  const panelsInfo = (info as unknown as { biochem?: BiochemInfo } | undefined)?.biochem?.panels;
  const matrix = panelsInfo?.find((p) => p.id === panel.id)?.matrix;

  useEffect(() => {
    if (!open) return;
    setPanelId('API20E');
    setEntered({});
    setTyped('');
    setSampleName('');
    setProblem(null);
    setSending(false);
  }, [open, method]);

  // The key primary tests beside a panel are those it does not read itself (oxidase is API 20E's 21st test).
  const keyItems = useMemo(() => KEY_PRIMARY.filter((item) => GROUPS.has(item) || morphology || !panel.tests.includes(item)), [morphology, panel]);
  const keyCodes = useMemo(
    () => keyItems.flatMap((item) => (GROUPS.has(item) ? BIOCHEM_PANELS.primary.tests.filter((c) => biochemTest(c)?.group === item) : [item])),
    [keyItems],
  );
  const moreCodes = useMemo(() => (morphology ? BIOCHEM_PANELS.primary.tests.filter((code) => !keyCodes.includes(code)) : []), [morphology, keyCodes]);
  const allowed = useMemo(
    () => (morphology ? [...BIOCHEM_PANELS.primary.tests] : [...panel.tests, ...primaryBeside(panel, keyCodes)]),
    [morphology, panel, keyCodes],
  );

  function update(next: Entered) {
    setEntered(next);
    if (!morphology && panel.profile) setTyped(profileOf(panel, next));
    if (problem?.field !== 'sampleName') setProblem(null);
  }

  function typeProfile(value: string) {
    setTyped(value);
    const read = readTypedProfile(panel, value, locale);
    if (read.kind === 'error') setProblem({ field: 'profile', message: read.message });
    else {
      if (problem?.field === 'profile' || problem?.field === 'reactions') setProblem(null);
      if (read.kind === 'complete') setEntered(applyProfile(panel, entered, read.wells));
    }
  }

  function switchPanel(id: (typeof BIOCHEM_PANEL_IDS)[number]) {
    setPanelId(id);
    // The wells of another panel mean nothing here; the primary tests stay.
    const kept: Record<string, Reaction> = {};
    for (const [code, reaction] of Object.entries(entered)) if (!BIOCHEM_PANELS[panelId].tests.includes(code)) kept[code] = reaction;
    setEntered(kept);
    setTyped('');
    setProblem(null);
  }

  async function submit() {
    if (sending) return;
    const typedNow = readTypedProfile(panel, typed, locale, { final: true });
    if (!morphology && panel.profile && typedNow.kind === 'error') return setProblem({ field: 'profile', message: typedNow.message });
    const built = submissionFields(morphology ? 'morphology' : 'biochem', panel, entered, allowed, sampleName, locale);
    if ('error' in built) return setProblem(built.error);
    setProblem(null);
    setSending(true);
    try {
      const answer = await submitBiochem(built.fields);
      if (answer.code === 0 && answer.data && 'id' in answer.data) {
        const created = answer.data as SubmitAnswer;
        if (created.token) rememberLocalTask({ id: created.id, token: created.token, method: built.fields.method, createdAt: new Date().toISOString(), itemCount: 1 });
        onClose();
        navigate(`${lp('/blast/res')}?id=${encodeURIComponent(created.id)}`);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem;
      const field = (Object.keys(data.fields ?? {})[0] ?? 'reactions') as Field;
      setProblem({ field, message: answer.msg || tx.problems.network });
    } catch (error) {
      if (!isCancelled(error)) setProblem({ field: 'reactions', message: tx.problems.network });
    } finally {
      setSending(false);
    }
  }

  const errorOf = (...fields: Field[]) =>
    problem && fields.includes(problem.field) ? { validateStatus: 'error' as const, help: <span data-testid="biochem-input-error">{problem.message}</span> } : {};
  const missing = notDone(panel, entered);
  const counted = readCount(entered, allowed);

  const wellsBlock = !morphology && (
    <section className="mdc-bc-section" aria-labelledby="bc-wells">
      <div className="mdc-bc-section__head">
        <h3 id="bc-wells">{panel.profile ? bx.dialog.wells : bx.dialog.tests}</h3>
        <span className="mdc-bc-section__actions">
          <Button size="small" onClick={() => update(restNegative(panel, entered))} data-testid="biochem-rest-negative">
            {bx.dialog.restNegative}
          </Button>
          <Button
            size="small"
            type="text"
            onClick={() => update(Object.fromEntries(Object.entries(entered).filter(([code]) => !panel.tests.includes(code))))}
            data-testid="biochem-clear"
          >
            {bx.dialog.clear}
          </Button>
        </span>
      </div>
      {panel.profile && (
        <Form.Item label={bx.dialog.profile} {...errorOf('profile')} extra={bx.dialog.profileFollows} className="mdc-bc-profile">
          <Input
            value={typed}
            onChange={(e) => typeProfile(e.target.value)}
            inputMode="numeric"
            maxLength={12}
            placeholder={bx.dialog.profilePlaceholder}
            className="mdc-bc-profile__input"
            data-testid="biochem-profile"
            aria-describedby="bc-profile-hint"
          />
        </Form.Item>
      )}
      <p className="mdc-blast-muted mdc-blast-small" id="bc-profile-hint">
        {bx.dialog.wellsHint}
        {panel.profile && <> {fmt(bx.dialog.profileHint, { n: panel.profile.groups.length })}</>}
      </p>
      {panel.profile ? (
        <div className="mdc-bc-strip" data-testid="biochem-wells">
          {panel.profile.groups.map((group, i) => (
            <div className="mdc-bc-triplet" key={i}>
              <div className="mdc-bc-triplet__wells">
                {group.map((code) => (
                  <Well key={code} code={code} value={entered[code]} onClick={() => update(withReaction(entered, code, nextReaction(entered[code])))} />
                ))}
              </div>
              <span className="mdc-bc-triplet__digit" data-testid="biochem-digit">
                {group.reduce((sum, code, j) => sum + (entered[code] === '+' ? [1, 2, 4][j]! : 0), 0)}
              </span>
            </div>
          ))}
        </div>
      ) : (
        <div className="mdc-bc-grid mdc-bc-grid--named" data-testid="biochem-wells">
          {panel.tests.map((code) => (
            <Well key={code} code={code} named value={entered[code]} onClick={() => update(withReaction(entered, code, nextReaction(entered[code])))} />
          ))}
        </div>
      )}
      {missing > 0 && missing < panel.tests.length && (
        <p className="mdc-blast-muted mdc-blast-small" data-testid="biochem-not-done">
          {fmt(bx.dialog.notDone, { n: missing })}
        </p>
      )}
    </section>
  );

  return (
    <Dialog
      open={open}
      title={morphology ? bx.dialog.titleMorphology : bx.dialog.titleBiochem}
      onCancel={onClose}
      width={780}
      // The footer (and its Identify button) stays in view; the form scrolls inside.
      styles={{ body: { maxHeight: 'calc(100vh - 190px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 4 } }}
      destroyOnHidden
      data-testid="biochem-dialog"
      footer={[
        <span key="count" className="mdc-bc-footer-count mdc-blast-muted" data-testid="biochem-count">
          {fmt(bx.dialog.counted, { n: counted })}
        </span>,
        <Button key="cancel" onClick={onClose} data-testid="biochem-cancel">
          {bx.dialog.cancel}
        </Button>,
        <Button key="submit" type="primary" onClick={() => void submit()} loading={sending} data-testid="biochem-submit">
          {bx.dialog.submit}
        </Button>,
      ]}
    >
      <p className="mdc-blast-muted">{morphology ? bx.dialog.leadMorphology : bx.dialog.leadBiochem}</p>
      <Form layout="vertical" component="div" className="mdc-bc-form">
        {!morphology && (
          <Form.Item label={bx.dialog.panel} {...errorOf('panel')}>
            <Segmented
              block
              value={panelId}
              options={BIOCHEM_PANEL_IDS.map((id) => ({ value: id, label: <span data-testid={`panel-${id}`}>{bx.dialog.panelShort[id]}</span> }))}
              onChange={(v) => switchPanel(v as (typeof BIOCHEM_PANEL_IDS)[number])}
            />
            <p className="mdc-blast-muted mdc-blast-small mdc-bc-panel-note">
              {BIOCHEM_PANELS[panelId].description[locale]}
              {matrix && <> {fmt(bx.dialog.matrix, { name: matrix.name[locale], n: matrix.taxa })}</>}
            </p>
          </Form.Item>
        )}

        <section className="mdc-bc-section" aria-labelledby="bc-primary" data-testid="biochem-primary">
          <div className="mdc-bc-section__head">
            <h3 id="bc-primary">{bx.dialog.primary}</h3>
            {!morphology && <span className="mdc-blast-muted mdc-blast-small">{bx.dialog.primaryHint}</span>}
          </div>
          <div className="mdc-bc-primary">
            {keyItems.map((item) =>
              GROUPS.has(item) ? (
                <GroupChoice key={item} group={item as BiochemTestGroup} entered={entered} onChange={update} />
              ) : (
                <TestSwitch key={item} code={item} value={entered[item]} onChange={(value) => update(withReaction(entered, item, value))} />
              ),
            )}
          </div>
          {moreCodes.length > 0 && (
            <>
              <h4 className="mdc-bc-more">{bx.dialog.moreTests}</h4>
              <div className="mdc-bc-grid mdc-bc-grid--named" data-testid="biochem-more">
                {moreCodes.map((code) => (
                  <Well key={code} code={code} named value={entered[code]} onClick={() => update(withReaction(entered, code, nextReaction(entered[code])))} />
                ))}
              </div>
            </>
          )}
          {morphology && <Form.Item {...errorOf('reactions', 'panel', 'profile')} className="mdc-bc-error-only" />}
        </section>

        {wellsBlock}
        {!morphology && <Form.Item {...errorOf('reactions')} className="mdc-bc-error-only" />}

        <Form.Item label={bx.dialog.sampleName} {...errorOf('sampleName')}>
          <Input value={sampleName} onChange={(e) => setSampleName(e.target.value)} maxLength={100} placeholder={bx.dialog.samplePlaceholder} data-testid="biochem-sample-name" />
        </Form.Item>
      </Form>
    </Dialog>
  );
}

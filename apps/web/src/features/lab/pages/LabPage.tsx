import { DeleteOutlined, EditOutlined, HistoryOutlined, LockOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import { App, Alert, AutoComplete, Button, Form, Grid, Input, Select, Switch, Table, Tabs, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LocaleLink } from '../../../components/LocaleLink';
import { AreaHero } from '../../../components/page/AreaPage';
import { showFieldErrors } from '../../auth/field-errors';
import { useAuth } from '../../../lib/auth/session';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { loginUrl } from '../../../lib/redirect';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { labApi, type DrugProposal, type GenomeTaskChoice, type LabOptions } from '../api';
import { AddAntibioticDialog, drugLabel } from '../components/AddAntibioticDialog';
import { BatchUpload } from '../components/BatchUpload';
import { OrganismInput } from '../components/OrganismInput';
import { SensitivityDialog } from '../components/SensitivityDialog';
import { SwitchRow } from '../components/SwitchRow';
import { antibiogramTexts } from '../antibiogram/texts';
import { useLabText } from '../i18n';
import { ISOLATE_TESTS, testsToSend, valueProblem, type IsolateTestCode } from '../values';
import '../lab.css';

interface FormValues {
  sampleName?: string;
  sampleType?: string;
  organism?: string;
  method?: string;
  site?: string;
  guideline?: string;
  year?: number;
  /** Per test: '' not tested, '+' or '-'. */
  tests?: Partial<Record<IsolateTestCode, string>>;
  expertRules?: boolean;
  patientId?: string;
  specimenNumber?: string;
  collectionDate?: string;
  ward?: string;
  setting?: string;
  genomeTaskId?: string;
}

interface DrugRow {
  code: string;
  name: string;
  nameZh: string | null;
  value: string;
  potency: string;
  breakpointText: string;
  expectedResistant: boolean;
}

const DRAFT_KEY = 'mdc-lab-draft';
const FORM_FIELDS = ['sampleName', 'sampleType', 'organism', 'method', 'site', 'guideline', 'year', 'expertRules', 'patientId', 'specimenNumber', 'collectionDate', 'ward', 'setting', 'genomeTaskId'] as const;
const CONTEXT_FIELDS = ['patientId', 'specimenNumber', 'collectionDate', 'ward', 'setting'] as const;

/** A genome task as a person knows it: sample or file, species, key mechanisms and ST. */
function genomeLabel(task: GenomeTaskChoice): string {
  return [task.summary?.sampleName || task.fileName || task.id, task.call?.name, task.summary?.headline].filter(Boolean).join(' · ');
}

/** What an anonymous user typed survives the trip to the login page. */
function saveDraft(values: FormValues, drugs: DrugRow[]) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ values, drugs }));
  } catch {
    // Private browsing without storage: the form is simply empty again.
  }
}

function takeDraft(): { values: FormValues; drugs: DrugRow[] } | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    sessionStorage.removeItem(DRAFT_KEY);
    return raw ? (JSON.parse(raw) as { values: FormValues; drugs: DrugRow[] }) : null;
  } catch {
    return null;
  }
}

export default function LabPage() {
  const { t } = useTranslation();
  const text = useLabText();
  const locale = useLocale();
  const contextText = antibiogramTexts[locale].context;
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [options, setOptions] = useState<LabOptions | null>(null);
  const [drugs, setDrugs] = useState<DrugRow[]>([]);
  const [drugErrors, setDrugErrors] = useState<Record<string, string>>({});
  // Set by a submit without antibiotics: the card says so, as the form's own fields do, until one is added.
  const [drugsAsked, setDrugsAsked] = useState(false);
  const drugsMissing = drugsAsked && drugs.length === 0;
  const [adding, setAdding] = useState(false);
  const [entering, setEntering] = useState<{ focus?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const loading = useMinimumLoading(submitting);
  const narrow = !Grid.useBreakpoint().md;
  const organism = Form.useWatch('organism', form);
  const method = Form.useWatch('method', form);
  const guideline = Form.useWatch('guideline', form);
  const year = Form.useWatch('year', form);
  const site = Form.useWatch('site', form);
  const [genomeTasks, setGenomeTasks] = useState<GenomeTaskChoice[]>([]);
  const genomeTaskId = Form.useWatch('genomeTaskId', form);
  const chosenGenome = genomeTasks.find((task) => task.id === genomeTaskId?.trim());

  // The user's finished genome identifications, offered for the genome link (a pasted id works too).
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    labApi
      .genomeTasks()
      .then((envelope) => {
        if (live && envelope.code === 0) setGenomeTasks(envelope.data.list);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    let live = true;
    labApi
      .options()
      .then((envelope) => {
        if (!live || envelope.code !== 0) return;
        setOptions(envelope.data);
        const draft = takeDraft();
        const first = envelope.data.guidelines.find((g) => g.guideline === envelope.data.defaultGuideline) ?? envelope.data.guidelines[0];
        form.setFieldsValue({ method: 'MIC', guideline: first?.guideline, year: first?.latest, ...(draft?.values ?? {}) });
        if (draft) setDrugs(draft.drugs);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [form]);

  const years = useMemo(() => options?.guidelines.find((g) => g.guideline === guideline)?.years ?? [], [options, guideline]);
  const proposalQuery =
    organism && method && guideline
      ? { organism, method, guideline, ...(year ? { year } : {}), ...(site ? { site } : {}) }
      : null;

  const onAdd = (chosen: DrugProposal[]) => {
    setAdding(false);
    setDrugs((current) => {
      const kept = current.filter((d) => chosen.some((c) => c.code === d.code));
      const added = chosen
        .filter((c) => !current.some((d) => d.code === c.code))
        .map((c) => ({
          code: c.code,
          name: c.name,
          nameZh: c.nameZh,
          value: '',
          potency: c.potency ?? '',
          breakpointText: c.breakpointText,
          expectedResistant: c.expectedResistant,
        }));
      const next = [...kept, ...added];
      if (added.length > 0) setTimeout(() => setEntering({ focus: added[0]!.code }), 0);
      return next;
    });
  };

  const onValues = (values: Record<string, { value: string; potency: string }>) => {
    setEntering(null);
    setDrugs((current) => current.map((d) => (values[d.code] ? { ...d, ...values[d.code] } : d)));
    setDrugErrors({});
  };

  const onMethodChange = () => {
    // A value read as an MIC means nothing as a zone (and back): the values go, the drugs stay.
    setDrugs((current) => current.map((d) => ({ ...d, value: '' })));
  };

  const onSampleType = (value: string) => {
    const suggested = options?.siteForSample[value];
    if (suggested && !form.getFieldValue('site')) form.setFieldValue('site', suggested);
  };

  const checkDrugs = (): boolean => {
    const errors: Record<string, string> = {};
    for (const d of drugs) {
      const problem = valueProblem(text, method, d.value);
      if (problem) errors[d.code] = problem;
    }
    setDrugErrors(errors);
    if (drugs.length === 0) {
      setDrugsAsked(true);
      void message.error(text.validation.antibioticsRequired);
      return false;
    }
    const first = Object.values(errors)[0];
    if (first) void message.error(first);
    return !first;
  };

  const onSubmit = async () => {
    const failed: { errorFields: Array<{ name: (string | number)[] }> } | null = await form
      .validateFields()
      .then(() => null)
      .catch((info: { errorFields?: Array<{ name: (string | number)[] }> }) => ({ errorFields: info.errorFields ?? [] }));
    if (failed) {
      // An empty form: say how much is missing, and take the reader to the first of it (it may be
      // far above on a phone).
      const missing = failed.errorFields.length + (drugs.length === 0 ? 1 : 0);
      setDrugsAsked(drugs.length === 0);
      const first = failed.errorFields[0];
      if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center', focus: true });
      void message.error(text.validation.missingFields(missing));
      return;
    }
    const values = form.getFieldsValue(true) as FormValues;
    if (!checkDrugs()) return;
    if (!token) {
      saveDraft(form.getFieldsValue(), drugs);
      navigate(loginUrl(locale, lp('/lab')));
      return;
    }
    setSubmitting(true);
    const envelope = await labApi
      .create({
        sampleName: values.sampleName ?? '',
        sampleType: values.sampleType ?? '',
        organism: values.organism ?? '',
        method: values.method ?? '',
        site: values.site ?? '',
        guideline: values.guideline ?? '',
        year: values.year,
        results: drugs.map((d) => ({ antibiotic: d.code, value: d.value, ...(d.potency ? { potency: d.potency } : {}) })),
        tests: testsToSend(values.tests),
        expertRules: values.expertRules !== false,
        ...Object.fromEntries(CONTEXT_FIELDS.flatMap((f) => (values[f]?.trim() ? [[f, values[f]!.trim()]] : []))),
        ...(values.genomeTaskId?.trim() ? { genomeTaskId: values.genomeTaskId.trim() } : {}),
      })
      .catch(() => null);
    setSubmitting(false);
    if (!envelope) return;
    if (envelope.code === 0) {
      navigate(`${lp('/lab/res')}?id=${envelope.data.id}`);
      return;
    }
    showFieldErrors(form, envelope, FORM_FIELDS);
    const fields = (envelope.data as { fields?: Record<string, string> } | null)?.fields ?? {};
    const errors: Record<string, string> = {};
    for (const [field, problem] of Object.entries(fields)) {
      const match = /^results\.(\d+)\./.exec(field);
      const drug = match ? drugs[Number(match[1])] : undefined;
      if (drug) errors[drug.code] = problem;
      const test = /^tests\.(.+)$/.exec(field)?.[1];
      if (test && (ISOLATE_TESTS as readonly string[]).includes(test)) form.setFields([{ name: ['tests', test] as never, errors: [problem] }]);
    }
    setDrugErrors(errors);
    // The first problem as the toast, as the server orders them; the fields say the rest.
    if (envelope.msg) void message.error(envelope.msg);
  };

  const onReset = () => {
    form.resetFields();
    const first = options?.guidelines.find((g) => g.guideline === options.defaultGuideline);
    form.setFieldsValue({ method: 'MIC', guideline: first?.guideline, year: first?.latest });
    setDrugs([]);
    setDrugErrors({});
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const choices = (list: LabOptions['sampleTypes'] | undefined) => (list ?? []).map((c) => ({ value: c.value, label: c.label[locale] }));

  const single = (
    <>
      <Form<FormValues> form={form} layout="vertical" requiredMark onValuesChange={(changed) => 'method' in changed && onMethodChange()} disabled={loading}>
        <section className="mdc-lab__card">
          <h2 className="mdc-lab__card-title">{text.form.sample}</h2>
          <div className="mdc-lab__grid">
            <Form.Item label={text.form.sampleName} name="sampleName" rules={required(text.validation.sampleNameRequired)}>
              <Input id="sampleName" maxLength={200} placeholder={text.form.sampleNamePlaceholder} autoComplete="off" />
            </Form.Item>
            <Form.Item label={text.form.sampleType} name="sampleType" rules={required(text.validation.sampleTypeRequired)}>
              <Select id="sampleType" data-testid="sampleType" placeholder={text.form.sampleTypePlaceholder} options={choices(options?.sampleTypes)} onChange={onSampleType} />
            </Form.Item>
            <Form.Item label={text.form.organism} name="organism" rules={required(text.validation.bacteriaRequired)}>
              <OrganismInput id="organism" />
            </Form.Item>
            <Form.Item label={text.form.method} name="method" rules={required(text.validation.methodRequired)}>
              <Select id="method" data-testid="method" options={choices(options?.methods)} />
            </Form.Item>
            <Form.Item label={text.form.site} name="site" rules={required(text.validation.symptomRequired)}>
              <Select id="site" data-testid="site" placeholder={text.form.sitePlaceholder} options={choices(options?.sites)} />
            </Form.Item>
            <div className="mdc-lab__grid mdc-lab__grid--2" style={{ gap: '0 12px' }}>
              <Form.Item label={text.form.guideline} name="guideline">
                <Select
                  id="guideline"
                  data-testid="guideline"
                  options={(options?.guidelines ?? []).map((g) => ({ value: g.guideline, label: g.guideline }))}
                  onChange={(value: string) => form.setFieldValue('year', options?.guidelines.find((g) => g.guideline === value)?.latest)}
                />
              </Form.Item>
              <Form.Item label={text.form.year} name="year">
                <Select id="year" data-testid="year" options={years.map((y) => ({ value: y, label: String(y) }))} />
              </Form.Item>
            </div>
          </div>
        </section>

        <section className="mdc-lab__card" data-testid="lab-context">
          <h2 className="mdc-lab__card-title">{contextText.title}</h2>
          <p className="mdc-lab__muted mdc-lab__hint">{contextText.hint}</p>
          <div className="mdc-lab__grid">
            <Form.Item label={contextText.patientId} name="patientId">
              <Input id="patientId" maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item label={contextText.specimenNumber} name="specimenNumber">
              <Input id="specimenNumber" maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item label={contextText.collectionDate} name="collectionDate">
              <Input id="collectionDate" type="date" max={new Date().toISOString().slice(0, 10)} />
            </Form.Item>
            <Form.Item label={contextText.ward} name="ward">
              <Input id="ward" maxLength={100} autoComplete="off" />
            </Form.Item>
            <Form.Item label={contextText.setting} name="setting">
              <Select id="setting" allowClear options={Object.entries(antibiogramTexts[locale].settings).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
          </div>
        </section>

        <section className="mdc-lab__card" data-testid="lab-genome-link">
          <h2 className="mdc-lab__card-title">{text.genome.section}</h2>
          <Form.Item label={text.genome.field} name="genomeTaskId" extra={text.genome.hint} className="mdc-lab__genome-field">
            <AutoComplete
              id="genomeTaskId"
              data-testid="genome-task"
              allowClear
              placeholder={text.genome.placeholder}
              notFoundContent={token ? text.genome.none : null}
              filterOption={(input, option) => !input || String(option?.search ?? '').toLowerCase().includes(input.toLowerCase())}
              options={genomeTasks.map((task) => {
                const label = genomeLabel(task);
                return { value: task.id, search: `${label} ${task.id}`, label: <span data-testid="genome-task-option">{label}</span> };
              })}
            />
          </Form.Item>
          {chosenGenome && (
            <p className="mdc-lab__muted mdc-lab__genome-chosen" data-testid="genome-task-chosen">
              {text.genome.chosen}
              {genomeLabel(chosenGenome)}
            </p>
          )}
        </section>

        <section className={drugsMissing ? 'mdc-lab__card mdc-lab__card--missing' : 'mdc-lab__card'}>
          <div className="mdc-lab__bar">
            <h2 className="mdc-lab__card-title" style={{ margin: 0 }}>
              {text.form.antibiotics}
            </h2>
            <span className="mdc-lab__bar-spacer" />
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!proposalQuery || loading} data-testid="add-antibiotic" title={proposalQuery ? undefined : text.form.needOrganism}>
              {text.form.addAntibiotic}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => setEntering({})} disabled={drugs.length === 0 || loading} data-testid="enter-results">
              {text.form.enterResults}
            </Button>
          </div>
          {drugsMissing && (
            <div className="mdc-lab__error mdc-lab__missing" role="alert" data-testid="antibiotics-missing">
              {text.validation.antibioticsRequired}
            </div>
          )}
          {narrow ? (
            drugs.length === 0 ? (
              <p className="mdc-lab__muted" data-testid="drug-table">{proposalQuery ? text.form.noAntibiotics : text.form.needOrganism}</p>
            ) : (
              <ul className="mdc-cards" data-testid="drug-table">
                {drugs.map((d) => (
                  <li key={d.code} className="mdc-cards__item">
                    <div className="mdc-cards__head">
                      <span className="mdc-cards__title">
                        {drugLabel(d, locale)}
                        <span className="mdc-lab__code">{d.code}</span>
                        {d.expectedResistant && (
                          <Tag color="red" style={{ marginLeft: 6 }}>
                            {text.form.intrinsic}
                          </Tag>
                        )}
                      </span>
                      <span style={{ whiteSpace: 'nowrap' }}>
                        <Button type="text" size="small" icon={<EditOutlined />} aria-label={text.form.edit} onClick={() => setEntering({ focus: d.code })} />
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={text.form.remove} onClick={() => setDrugs((current) => current.filter((x) => x.code !== d.code))} />
                      </span>
                    </div>
                    <div className="mdc-cards__meta" data-testid={`drug-value-${d.code}`}>
                      {(method === 'DISK' ? text.form.zoneValue : text.form.micValue) + ': '}
                      <strong style={{ color: 'var(--mdc-ink)' }}>{d.value || '—'}</strong>
                      {method === 'DISK' && d.potency ? ` (${d.potency})` : ''}
                      {d.breakpointText ? ` · ${d.breakpointText}` : ''}
                    </div>
                    {drugErrors[d.code] && <div className="mdc-lab__error">{drugErrors[d.code]}</div>}
                  </li>
                ))}
              </ul>
            )
          ) : (
            <Table<DrugRow>
              size="small"
              rowKey="code"
              pagination={false}
              scroll={{ x: 560 }}
              dataSource={drugs}
              data-testid="drug-table"
              locale={{ emptyText: proposalQuery ? text.form.noAntibiotics : text.form.needOrganism }}
              columns={[
                {
                  title: text.result.antibiotic,
                  key: 'drug',
                  render: (_, d) => (
                    <span>
                      {drugLabel(d, locale)}
                      <span className="mdc-lab__code">{d.code}</span>
                      {d.expectedResistant && (
                        <Tag color="red" style={{ marginLeft: 6 }}>
                          {text.form.intrinsic}
                        </Tag>
                      )}
                    </span>
                  ),
                },
                {
                  title: method === 'DISK' ? text.form.zoneValue : text.form.micValue,
                  key: 'value',
                  width: 150,
                  render: (_, d) => (
                    <div data-testid={`drug-value-${d.code}`}>
                      {d.value ? (
                        <span>
                          {d.value}
                          {method === 'DISK' && d.potency ? <span className="mdc-lab__code">{d.potency}</span> : null}
                        </span>
                      ) : (
                        <span className="mdc-lab__muted">—</span>
                      )}
                      {drugErrors[d.code] && <div className="mdc-lab__error">{drugErrors[d.code]}</div>}
                    </div>
                  ),
                },
                { title: text.form.breakpoint, dataIndex: 'breakpointText', key: 'bp', render: (v: string) => <span className="mdc-drugs__bp">{v}</span> },
                {
                  title: '',
                  key: 'actions',
                  width: 88,
                  render: (_, d) => (
                    <span style={{ whiteSpace: 'nowrap' }}>
                      <Button type="text" size="small" icon={<EditOutlined />} aria-label={text.form.edit} onClick={() => setEntering({ focus: d.code })} />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={text.form.remove}
                        onClick={() => setDrugs((current) => current.filter((x) => x.code !== d.code))}
                      />
                    </span>
                  ),
                },
              ]}
            />
          )}
        </section>

        <section className="mdc-lab__card" data-testid="isolate-tests">
          <h2 className="mdc-lab__card-title">{text.tests.title}</h2>
          <p className="mdc-lab__muted mdc-lab__hint">{text.tests.hint}</p>
          <div className="mdc-lab__grid mdc-lab__grid--tests">
            {ISOLATE_TESTS.map((code) => (
              <Form.Item key={code} label={text.tests.names[code]} name={['tests', code]} initialValue="">
                <Select
                  id={`test-${code}`}
                  data-testid={`test-${code}`}
                  data-code={code}
                  options={[
                    { value: '', label: text.tests.notTested },
                    { value: '+', label: text.tests.positive },
                    { value: '-', label: text.tests.negative },
                  ]}
                />
              </Form.Item>
            ))}
          </div>
          <SwitchRow htmlFor="expertRules" label={text.tests.expertRules} hint={text.tests.expertRulesHint}>
            <Form.Item name="expertRules" valuePropName="checked" initialValue noStyle>
              <Switch id="expertRules" data-testid="expert-rules" />
            </Form.Item>
          </SwitchRow>
        </section>

        <div className="mdc-lab__actions">
          <Button type="primary" size="large" onClick={onSubmit} loading={loading} data-testid="lab-submit" icon={token ? undefined : <LockOutlined />}>
            {text.form.submit}
          </Button>
          <Button size="large" onClick={onReset} disabled={loading}>
            {text.form.reset}
          </Button>
        </div>
      </Form>

      <AddAntibioticDialog open={adding} query={proposalQuery} chosen={drugs.map((d) => d.code)} onCancel={() => setAdding(false)} onOk={onAdd} />
      <SensitivityDialog
        open={entering !== null}
        method={method}
        focus={entering?.focus}
        rows={drugs.map((d) => ({ code: d.code, label: drugLabel(d, locale), value: d.value, potency: d.potency, breakpointText: d.breakpointText }))}
        onCancel={() => setEntering(null)}
        onOk={onValues}
      />
    </>
  );

  return (
    <div className="mdc-lab" data-testid="lab-page" data-area="lab">
      <AreaHero
        area="lab"
        crumbs={[{ label: t('nav.home'), to: '/' }, { label: t('nav.lab'), to: '/lab' }]}
        title={text.lab.title}
        lead={text.lab.lead}
        tags={
          token ? (
            <>
              <LocaleLink to="/lab/hist" data-testid="lab-history-link">
                <HistoryOutlined /> {text.lab.history}
              </LocaleLink>
              <LocaleLink to="/lab/antibiogram" data-testid="lab-antibiogram-link" style={{ marginLeft: 16 }}>
                <TableOutlined /> {antibiogramTexts[locale].title}
              </LocaleLink>
            </>
          ) : undefined
        }
      />
      <div className="mdc-container mdc-lab__body">
        {!token && (
          <Alert
            type="info"
            showIcon
            icon={<LockOutlined />}
            style={{ marginBottom: 16 }}
            data-testid="lab-login-notice"
            message={text.lab.loginTitle}
            description={
              <>
                {text.lab.loginText}{' '}
                <a href={loginUrl(locale, lp('/lab'))} data-testid="lab-login-link" onClick={(e) => {
                  e.preventDefault();
                  saveDraft(form.getFieldsValue(), drugs);
                  navigate(loginUrl(locale, lp('/lab')));
                }}>
                  {text.lab.loginLink}
                </a>
              </>
            }
          />
        )}
        {options && !options.ready && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={text.lab.notReady} description={options.hint?.[locale]} data-testid="lab-not-ready" />
        )}
        <Tabs
          defaultActiveKey="single"
          items={[
            { key: 'single', label: text.lab.single, children: single },
            { key: 'batch', label: <span data-testid="batch-tab">{text.lab.batch}</span>, children: <BatchUpload options={options} /> },
          ]}
        />
      </div>
    </div>
  );
}

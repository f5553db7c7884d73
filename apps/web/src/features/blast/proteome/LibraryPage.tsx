import { DeleteOutlined, EyeOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Input, Progress, Skeleton, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Dialog, useDialogs } from '../../../components/dialog/Dialog';
import { AreaHero } from '../../../components/page/AreaPage';
import { isCancelled } from '../../../lib/http';
import { dateTime } from '../components/bits';
import type { SubmitProblem } from '../api';
import { fmt, useBlastTexts } from '../texts';
import { MainSpectrumChart } from './Charts';
import { shown } from './bits';
import { createLibraryEntry, proteomeApi, type LibraryEntry, type LibraryList } from './api';
import { SPECTRUM_ACCEPT, size } from './ProteomeDialog';
import { useProteomeTexts } from './texts';
import '../blast.css';
import '../genome/genome.css';
import './proteome.css';

const RANGE: [number, number] = [2000, 20000];

/** One entry's main spectrum and how well its replicates agree. */
function EntryDialog({ id, onClose }: { id: number | null; onClose(): void }) {
  const px = useProteomeTexts();
  const t = px.library.entry;
  const [entry, setEntry] = useState<LibraryEntry | null>(null);
  useEffect(() => {
    if (id === null) return undefined;
    let live = true;
    setEntry(null);
    proteomeApi
      .entry(id)
      .then((answer) => live && answer.code === 0 && setEntry(answer.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  const q = entry?.quality;
  return (
    <Dialog
      open={id !== null}
      title={
        entry ? (
          <>
            <i>{entry.species}</i> {entry.strain}
          </>
        ) : (
          ' '
        )
      }
      onCancel={onClose}
      width={920}
      footer={[
        <Button key="close" onClick={onClose} data-testid="entry-close">
          {t.close}
        </Button>,
      ]}
      data-testid="library-entry-dialog"
    >
      {!entry && <Skeleton active paragraph={{ rows: 6 }} />}
      {entry && (
        <div data-testid="library-entry" data-id={entry.id}>
          <dl className="mdc-ms-quality" data-testid="entry-quality">
            <div>
              <dt>{t.replicates}</dt>
              <dd>{entry.replicates}</dd>
            </div>
            <div>
              <dt>{t.peaksKept}</dt>
              <dd data-testid="entry-peaks">
                {entry.peakCount}
                {q && <small className="mdc-blast-muted"> {fmt(t.peaksSeen, { n: q.peaksSeen })}</small>}
              </dd>
            </div>
            {q && (
              <div>
                <dt title={t.agreementNote}>{t.agreement}</dt>
                <dd data-testid="entry-agreement">{(100 * q.agreement).toFixed(0)}%</dd>
              </div>
            )}
            {entry.culture && (
              <div>
                <dt>{t.culture}</dt>
                <dd>{entry.culture}</dd>
              </div>
            )}
            {entry.instrument && (
              <div>
                <dt>{t.instrument}</dt>
                <dd>{entry.instrument}</dd>
              </div>
            )}
          </dl>
          {q && q.replicateScores.length > 0 && (
            <>
              <p className="mdc-blast-small">
                {t.replicateScores}:{' '}
                {q.replicateScores.map((score, i) => (
                  <Tag key={i} color={score >= 2 ? 'green' : 'orange'} title={entry.replicateFiles[i]} data-testid="replicate-score">
                    {shown(score)}
                  </Tag>
                ))}
              </p>
              {q.outliers.length > 0 ? (
                <Alert type="warning" showIcon message={fmt(t.outliers, { files: q.outliers.map((i) => entry.replicateFiles[i] ?? String(i + 1)).join(', ') })} />
              ) : (
                <p className="mdc-blast-muted mdc-blast-small">{t.noOutliers}</p>
              )}
            </>
          )}
          <h4>{t.picture}</h4>
          <div className="mdc-ms-chart-wrap">
            <MainSpectrumChart peaks={entry.peaks ?? []} range={RANGE} />
          </div>
          <p className="mdc-blast-muted mdc-blast-small">{t.pictureNote}</p>
        </div>
      )}
    </Dialog>
  );
}

/** A new entry from replicate spectra: species, strain, culture conditions, instrument and the files. */
function AddDialog({ open, limits, onClose, onAdded }: { open: boolean; limits: { min: number; max: number }; onClose(): void; onAdded(entry: LibraryEntry): void }) {
  const tx = useBlastTexts();
  const px = useProteomeTexts();
  const f = px.library.form;
  const { message } = App.useApp();
  const [fields, setFields] = useState({ species: '', strain: '', culture: '', instrument: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<{ species?: string; files?: string; form?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!open) return;
    setFields({ species: '', strain: '', culture: '', instrument: '' });
    setFiles([]);
    setProblems({});
    setProgress(null);
  }, [open]);

  async function submit() {
    if (progress !== null) return;
    const next: typeof problems = {};
    if (!/^[A-Z][a-z]+ [a-z][a-z-]+/.test(fields.species.trim())) next.species = f.speciesRequired;
    if (files.length < limits.min) next.files = fmt(f.filesRequired, { n: limits.min });
    setProblems(next);
    if (next.species || next.files) return;
    setProgress(0);
    try {
      const answer = await createLibraryEntry(fields, files, (fraction) => setProgress(Math.round(100 * fraction)));
      if (answer.code === 0 && answer.data && 'entry' in answer.data) {
        void message.success(fmt(f.added, { n: answer.data.entry.peakCount }));
        onAdded(answer.data.entry);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem;
      setProblems({ species: data.fields?.species, files: data.fields?.files, ...(!data.fields ? { form: answer.msg } : {}) });
    } catch (error) {
      if (!isCancelled(error)) setProblems({ form: tx.problems.network });
    } finally {
      setProgress(null);
    }
  }

  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((prev) => ({ ...prev, [key]: e.target.value }));
  return (
    <Dialog
      open={open}
      title={f.title}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      data-testid="library-add-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="library-add-cancel">
          {f.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={progress !== null} onClick={() => void submit()} data-testid="library-add-submit">
          {f.submit}
        </Button>,
      ]}
    >
      {problems.form && <Alert type="error" showIcon message={problems.form} className="mdc-blast__notice" data-testid="library-add-error" />}
      <Form layout="vertical" component="div">
        <Form.Item label={f.species} required validateStatus={problems.species ? 'error' : undefined} help={problems.species ? <span data-testid="library-species-error">{problems.species}</span> : undefined}>
          <Input value={fields.species} onChange={set('species')} placeholder={f.speciesPlaceholder} maxLength={100} data-testid="library-species" />
        </Form.Item>
        <Form.Item label={f.strain}>
          <Input value={fields.strain} onChange={set('strain')} placeholder={f.strainPlaceholder} maxLength={200} data-testid="library-strain" />
        </Form.Item>
        <Form.Item label={f.culture}>
          <Input value={fields.culture} onChange={set('culture')} placeholder={f.culturePlaceholder} maxLength={300} data-testid="library-culture" />
        </Form.Item>
        <Form.Item label={f.instrument}>
          <Input value={fields.instrument} onChange={set('instrument')} placeholder={f.instrumentPlaceholder} maxLength={200} data-testid="library-instrument" />
        </Form.Item>
        <Form.Item label={f.files} required validateStatus={problems.files ? 'error' : undefined} help={problems.files ? <span data-testid="library-files-error">{problems.files}</span> : fmt(f.filesNote, { min: limits.min, max: limits.max })}>
          <div data-testid="library-upload">
            <Upload.Dragger
              accept={SPECTRUM_ACCEPT}
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                setFiles((prev) => (prev.some((p) => p.name === file.name && p.size === file.size) ? prev : [...prev, file]));
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{f.drop}</p>
            </Upload.Dragger>
          </div>
        </Form.Item>
      </Form>
      {files.length > 0 && (
        <div data-testid="library-files">
          <p className="mdc-blast-small">{fmt(f.chosen, { n: files.length })}</p>
          <ul className="mdc-ms-files">
            {files.map((file) => (
              <li key={`${file.name}-${file.size}`} data-testid="library-file">
                <span>
                  {file.name} <span className="mdc-blast-muted">({size(file.size)})</span>
                </span>
                <Button size="small" type="text" icon={<DeleteOutlined />} disabled={progress !== null} onClick={() => setFiles((prev) => prev.filter((p) => p !== file))} aria-label={px.dialog.remove} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {progress !== null && <Progress percent={progress} size="small" status="active" format={(pct) => fmt(px.dialog.uploading, { pct: pct ?? 0 })} data-testid="library-progress" />}
    </Dialog>
  );
}

/** My MALDI-TOF library: a lab's own main spectra — listed, made from replicates, viewed, deleted. */
export default function LibraryPage() {
  const tx = useBlastTexts();
  const px = useProteomeTexts();
  const t = px.library;
  const { message } = App.useApp();
  const dialogs = useDialogs();
  const [list, setList] = useState<LibraryList | null>(null);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  const load = useCallback(() => {
    proteomeApi
      .library()
      .then((answer) => answer.code === 0 && setList(answer.data))
      .catch(() => undefined);
  }, []);
  useEffect(load, [load]);

  function remove(entry: LibraryEntry) {
    dialogs.confirm({
      title: t.confirmDelete,
      content: t.confirmDeleteText,
      okText: t.delete,
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' },
      cancelText: px.library.form.cancel,
      onOk: async () => {
        const answer = await proteomeApi.remove(entry.id);
        if (answer.code === 0) {
          void message.success(t.deleted);
          load();
        }
      },
    });
  }

  const columns: TableColumnsType<LibraryEntry> = [
    { title: t.columns.species, dataIndex: 'species', render: (v: string) => <i data-testid="library-row-species">{v}</i>, sorter: (a, b) => a.species.localeCompare(b.species) },
    { title: t.columns.strain, dataIndex: 'strain' },
    { title: t.columns.culture, dataIndex: 'culture', ellipsis: true, responsive: ['lg'] },
    { title: t.columns.instrument, dataIndex: 'instrument', ellipsis: true, responsive: ['xl'] },
    { title: t.columns.replicates, dataIndex: 'replicates', width: 70, responsive: ['md'] },
    { title: t.columns.peaks, dataIndex: 'peakCount', width: 60, responsive: ['md'] },
    { title: t.columns.agreement, key: 'agreement', width: 90, responsive: ['md'], render: (_: unknown, e) => (e.quality ? `${(100 * e.quality.agreement).toFixed(0)}%` : '—') },
    { title: t.columns.created, dataIndex: 'createdAt', width: 140, responsive: ['lg'], render: (v: string) => dateTime(v) },
    {
      title: t.columns.actions,
      key: 'actions',
      width: 104,
      render: (_: unknown, e) => (
        <span className="mdc-blast-hist-actions">
          <Button size="small" icon={<EyeOutlined />} onClick={() => setViewing(e.id)} aria-label={t.view} title={t.view} data-testid="library-view" />
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(e)} aria-label={t.delete} title={t.delete} data-testid="library-delete" />
        </span>
      ),
    },
  ];

  return (
    <div className="mdc-area mdc-blast" data-testid="blast-library-page" data-area="blast">
      <AreaHero
        area="blast"
        crumbs={[
          { label: tx.crumbs.home, to: '/' },
          { label: tx.crumbs.blast, to: '/blast' },
          { label: t.crumbs, to: '/blast/ms/library' },
        ]}
        title={t.title}
        lead={t.lead}
      />
      <div className="mdc-container mdc-blast__body">
        {!list && <Skeleton active paragraph={{ rows: 5 }} />}
        {list && (
          <>
            <div className="mdc-ms-library-actions">
              <span className="mdc-blast-muted" data-testid="library-count">
                {fmt(t.count, { n: list.own.length, max: list.maxOwn })} · {fmt(t.shared, { n: list.shared.entries, s: list.shared.species })}
              </span>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={list.own.length >= list.maxOwn} data-testid="library-add">
                {t.add}
              </Button>
            </div>
            {list.own.length === 0 ? (
              <Empty description={<span data-testid="library-empty">{t.empty}</span>}>
                <p className="mdc-blast-muted">{fmt(t.emptyNote, { n: list.minReplicates })}</p>
              </Empty>
            ) : (
              <Table<LibraryEntry>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={list.own}
                pagination={list.own.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                scroll={{ x: true }}
                onRow={(e) => ({ 'data-testid': 'library-row', 'data-id': e.id }) as object}
              />
            )}
          </>
        )}
      </div>
      <AddDialog
        open={adding}
        limits={{ min: list?.minReplicates ?? 2, max: list?.maxReplicates ?? 96 }}
        onClose={() => setAdding(false)}
        onAdded={(entry) => {
          setAdding(false);
          load();
          setViewing(entry.id);
        }}
      />
      <EntryDialog id={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

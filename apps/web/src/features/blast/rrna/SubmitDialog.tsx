import { DeleteOutlined, ExperimentOutlined, FileTextOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Select, Tag, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpFailure, isCancelled } from '../../../lib/http';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { useAuth } from '../../../lib/auth/session';
import { Dialog } from '../../../components/dialog/Dialog';
import { DEFAULT_ERROR_LIMIT, assembleReadPair, pairReadsByName, qualityTrim, type SangerRead } from '@mdc/core/identify/rrna';
import { Ab1FileError, isAb1, readAb1 } from '@mdc/refdata/ab1';
import { blastApi, type BlastInfo, type Localized, type Marker, type SubmitAnswer, type SubmitProblem } from '../api';
import { markerCase } from '../components/bits';
import { ProblemField, SequenceTextArea } from '../components/SequenceField';
import { rememberLocalTask } from '../local-tasks';
import { DEFAULT_LIMITS, checkSequences, parseSequences, type Limits } from './sequence-check';
import { fmt, useBlastTexts, type BlastTexts } from '../texts';

/** Files go as multipart: the server takes up to 10 MB each (a trace is 100–500 KB). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 100;
const ACCEPT = '.fasta,.fa,.fas,.fna,.ffn,.txt,.ab1,.abi,text/plain';

interface Problem {
  message: string;
  detail?: string;
}

/** An uploaded file as the dialog read it: FASTA text, or a trace with what quality trimming keeps. */
interface LoadedFile {
  file: File;
  kind: 'fasta' | 'ab1';
  /** FASTA: the text, checked like pasted text, and its records. */
  text?: string;
  records?: number;
  /** Trace: base calls, and the stretch quality trimming keeps. */
  called?: number;
  kept?: number;
  trimmedStart?: number;
  trimmedEnd?: number;
  trimmed?: boolean;
  /** The kept calls and their qualities, to assemble a pair as the server will. */
  read?: SangerRead;
}

/** A refusal the checks found, in both languages. */
interface Problemish {
  message: Localized;
  detail: Localized;
}

/** Reads one chosen file the way the server will: a trace by its ABIF content, anything else as FASTA text. */
async function loadFile(file: File, locale: 'zh' | 'en', tx: BlastTexts, minLength: number, maxLength: number): Promise<LoadedFile | Problem> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isAb1(bytes) || /\.(ab1|abi)$/i.test(file.name)) {
    try {
      const read = readAb1(bytes, file.name);
      // The limit of a FASTA sequence holds for a trace's calls too (the server refuses it alike).
      if (read.bases.length > maxLength) return { message: fmt(tx.dialog.traceTooLong, { name: file.name, called: read.bases.length.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US'), max: maxLength.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US') }) };
      const trim = read.qualities ? qualityTrim(read.qualities, DEFAULT_ERROR_LIMIT) : null;
      const kept = trim ? trim.end - trim.start : read.bases.length;
      if (kept < minLength) return { message: fmt(tx.dialog.traceTooShort, { name: file.name, kept, min: minLength }) };
      const keptRead: SangerRead = trim ? { bases: read.bases.slice(trim.start, trim.end), qualities: read.qualities!.subarray(trim.start, trim.end) } : { bases: read.bases, qualities: read.qualities };
      return { file, kind: 'ab1', called: read.bases.length, kept, trimmedStart: trim?.trimmedStart ?? 0, trimmedEnd: trim?.trimmedEnd ?? 0, trimmed: trim !== null, read: keptRead };
    } catch (error) {
      if (error instanceof Ab1FileError) return { message: error.text[locale] };
      throw error;
    }
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  // A gzip or other binary file reads as text full of replacement characters.
  if (text.includes('\u0000') || text.includes('\ufffd')) return { message: fmt(tx.dialog.fileUnreadable, { name: file.name }) };
  return { file, kind: 'fasta', text, records: parseSequences(text).length };
}

type ReadPair = readonly [forward: string, reverse: string];

/** The pairs the server would make of these trace names (…F / …R of one isolate). */
function pairsByName(names: string[]): ReadPair[] {
  return pairReadsByName(names).pairs.map((p) => [names[p.forward]!, names[p.reverse]!] as const);
}

/** Forward and reverse traces to assemble: found by name, undone or made by the user. */
function ReadPairs({ traces, pairs, onChange, tx }: { traces: string[]; pairs: ReadPair[]; onChange: (pairs: ReadPair[]) => void; tx: BlastTexts }) {
  const [forward, setForward] = useState<string | undefined>();
  const [reverse, setReverse] = useState<string | undefined>();
  const paired = new Set(pairs.flat());
  const free = traces.filter((t) => !paired.has(t));
  const options = (except?: string) => free.filter((t) => t !== except).map((t) => ({ value: t, label: t }));
  return (
    <div className="mdc-blast-dialog__pairs" data-testid="blast-pairs">
      <div className="mdc-blast-dialog__pairs-title">{tx.dialog.pairsTitle}</div>
      <p className="mdc-blast-dialog__rules">{tx.dialog.pairsNote}</p>
      {pairs.length > 0 && (
        <ul className="mdc-blast-dialog__pair-list">
          {pairs.map(([f, r]) => (
            <li key={f} data-testid="blast-pair">
              <Tag color="blue">{f}</Tag>+<Tag color="purple">{r}</Tag>
              <span className="mdc-blast-dialog__pair-note">→ {tx.dialog.pairedAs}</span>
              <Button size="small" type="link" onClick={() => onChange(pairs.filter((p) => p[0] !== f))} data-testid="blast-unpair">
                {tx.dialog.unpair}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {free.length >= 2 && (
        <div className="mdc-blast-dialog__pair-form">
          <Select size="small" className="mdc-blast-dialog__pair-select" placeholder={tx.dialog.pairForward} value={forward} onChange={setForward} options={options(reverse)} data-testid="blast-pair-forward" />
          <span>+</span>
          <Select size="small" className="mdc-blast-dialog__pair-select" placeholder={tx.dialog.pairReverse} value={reverse} onChange={setReverse} options={options(forward)} data-testid="blast-pair-reverse" />
          <Button
            size="small"
            disabled={!forward || !reverse}
            data-testid="blast-pair-add"
            onClick={() => {
              onChange([...pairs, [forward!, reverse!]]);
              setForward(undefined);
              setReverse(undefined);
            }}
          >
            {tx.dialog.pairAdd}
          </Button>
        </div>
      )}
    </div>
  );
}

export function SubmitDialog({ marker, info, onClose }: { marker: Marker | null; info: BlastInfo | undefined; onClose: () => void }) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const [mode, setMode] = useState<'paste' | 'upload'>('paste');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<LoadedFile[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sampling, setSampling] = useState(false);
  const [pairs, setPairs] = useState<ReadPair[]>([]);
  const [pairsEdited, setPairsEdited] = useState(false);
  const traces = useMemo(() => files.filter((f) => f.kind === 'ab1').map((f) => f.file.name), [files]);
  // Pairs follow the chosen traces: found by name until the user pairs by hand, then only pruned.
  useEffect(() => {
    setPairs((current) => (pairsEdited ? current.filter(([f, r]) => traces.includes(f) && traces.includes(r)) : pairsByName(traces)));
  }, [traces, pairsEdited]);

  const limits: Limits = info ? { minLength: info.minLength, maxLength: info.maxLength, maxSequences: info.maxSequences } : DEFAULT_LIMITS;
  const references = info?.markers.find((m) => m.marker === marker)?.references;
  const unavailable = references === 0;

  // A fresh dialog for every opening: a pasted sequence never leaks into the other marker's dialog.
  useEffect(() => {
    if (!marker) return;
    setMode('paste');
    setText('');
    setFiles([]);
    setProblem(null);
    setNote(null);
    setPairsEdited(false);
  }, [marker]);

  const number = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');
  /** Sequences and bases of the input, or the problem the server would refuse it for. */
  const checked = useMemo((): { n?: number; bases?: number; problem?: Problemish } | null => {
    if (!marker) return null;
    if (mode === 'paste') {
      if (!text.trim()) return null;
      const check = checkSequences(marker, text, limits);
      return check.ok ? { n: check.sequences.length, bases: check.bases } : { problem: check.problem as Problemish };
    }
    if (files.length === 0) return null;
    let n = 0;
    let bases = 0;
    for (const f of files) {
      if (f.kind === 'ab1') {
        n += 1;
        bases += f.kept ?? 0;
        continue;
      }
      const check = checkSequences(marker, f.text ?? '', limits);
      if (!check.ok) {
        const detail = files.length > 1 ? { zh: `${f.file.name}：${check.problem.detail.zh}`, en: `${f.file.name}: ${check.problem.detail.en}` } : check.problem.detail;
        return { problem: { message: check.problem.message, detail } as Problemish };
      }
      n += check.sequences.length;
      bases += check.bases;
    }
    // Each pair of reads becomes one sequence: its consensus, when the reads overlap.
    for (const [f, r] of pairs) {
      const forward = files.find((x) => x.file.name === f)?.read;
      const reverse = files.find((x) => x.file.name === r)?.read;
      const outcome = forward && reverse ? assembleReadPair(forward, reverse) : null;
      if (!outcome?.ok) continue;
      n -= 1;
      bases += outcome.assembly.sequence.length - forward!.bases.length - reverse!.bases.length;
    }
    return { n, bases };
  }, [marker, mode, text, files, pairs, limits.minLength, limits.maxLength, limits.maxSequences]);
  const summary = checked && checked.n !== undefined ? fmt(tx.dialog.summary, { n: checked.n, bp: number(checked.bases ?? 0) }) : null;

  const pick = (texts: Localized) => texts[locale];

  async function loadSample() {
    if (!marker) return;
    setSampling(true);
    try {
      const answer = await blastApi.sample(marker);
      if (answer.code === 0) {
        setMode('paste');
        setText(answer.data.fasta);
        setProblem(null);
        setNote(fmt(tx.dialog.sampleLoaded, { species: answer.data.species, accession: answer.data.accession }));
      }
    } catch {
      // The client already said what went wrong.
    } finally {
      setSampling(false);
    }
  }

  function readFile(chosen: File): false {
    setProblem(null);
    setNote(null);
    if (chosen.size > MAX_FILE_BYTES) {
      setProblem({ message: `${chosen.name}: ${fmt(tx.dialog.fileTooLarge, { mb: (MAX_FILE_BYTES / 1024 / 1024).toFixed(0) })}` });
      return false;
    }
    loadFile(chosen, locale, tx, limits.minLength, limits.maxLength)
      .then((loaded) => {
        if ('message' in loaded) {
          setProblem(loaded);
          return;
        }
        // A file that would be refused is named and left out; the others of the batch stay.
        const check = loaded.kind === 'fasta' && marker ? checkSequences(marker, loaded.text ?? '', limits) : null;
        if (check && !check.ok) {
          setProblem({ message: `${chosen.name}${locale === 'zh' ? '：' : ': '}${pick(check.problem.message)}`, detail: pick(check.problem.detail) });
          return;
        }
        // Several files may be chosen at once; each arrives here on its own.
        setFiles((current) => [...current.filter((f) => f.file.name !== chosen.name), loaded].slice(0, MAX_FILES));
      })
      .catch(() => setProblem({ message: fmt(tx.dialog.fileUnreadable, { name: chosen.name }) }));
    return false;
  }

  async function submit() {
    if (!marker || busy) return;
    if (mode === 'upload' && files.length === 0) {
      // A file refused when chosen keeps its reason: pressing Identify must not replace it with "choose a file".
      setProblem((shown) => shown ?? { message: tx.dialog.uploadHint });
      return;
    }
    const check = mode === 'paste' ? checkSequences(marker, text, limits) : null;
    if (check && !check.ok) {
      setProblem({ message: pick(check.problem.message), detail: pick(check.problem.detail) });
      return;
    }
    if (checked?.problem) {
      setProblem({ message: pick(checked.problem.message), detail: pick(checked.problem.detail) });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer =
        mode === 'upload' ? await blastApi.submitFiles(marker, files.map((f) => f.file), traces.length > 0 ? pairs : undefined) : await blastApi.submit({ marker, sequence: text });
      if (answer.code === 0 && answer.data && 'id' in answer.data) {
        const created = answer.data as SubmitAnswer;
        if (created.token) {
          rememberLocalTask({ id: created.id, token: created.token, method: marker, createdAt: new Date().toISOString(), itemCount: created.itemCount });
        }
        onClose();
        navigate(`${lp('/blast/res')}?id=${encodeURIComponent(created.id)}`);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem;
      // Every file refused: each with its reason.
      const detail = data.refused?.length ? data.refused.map((r) => pick(r.reason)).join('\n') : data.detail ? pick(data.detail) : undefined;
      setProblem({ message: answer.msg, ...(detail ? { detail } : {}) });
    } catch (error) {
      if (isCancelled(error)) return;
      const status = error instanceof HttpFailure ? error.status : undefined;
      setProblem({
        message: status === 503 ? fmt(tx.page.noReferences, { marker }) : status ? fmt(tx.problems.server, { status }) : tx.problems.network,
      });
    } finally {
      setBusy(false);
    }
  }

  const title = marker === '18S' ? tx.dialog.title18 : tx.dialog.title16;
  const field = (
    <ProblemField problem={problem && { ...problem, message: markerCase(problem.message) }}>
        {mode === 'paste' ? (
          <SequenceTextArea
            value={text}
            onChange={(value) => {
              setText(value);
              setProblem(null);
              setNote(null);
            }}
            placeholder={tx.dialog.placeholder}
          />
        ) : files.length > 0 ? (
          <ul className="mdc-blast-dialog__files" data-testid="blast-file-loaded">
            {files.map((f) => (
              <li key={f.file.name} className="mdc-blast-dialog__file" data-testid="blast-file" data-kind={f.kind}>
                <FileTextOutlined aria-hidden />
                <span className="mdc-blast-dialog__file-name">{f.file.name}</span>
                <span className="mdc-blast-dialog__file-note" data-testid="blast-file-note">
                  {f.kind === 'ab1'
                    ? f.trimmed
                      ? fmt(tx.dialog.fileTrace, { called: number(f.called ?? 0), start: f.trimmedStart ?? 0, end: f.trimmedEnd ?? 0, kept: number(f.kept ?? 0) })
                      : fmt(tx.dialog.fileTraceUntrimmed, { called: number(f.called ?? 0) })
                    : fmt(tx.dialog.fileFasta, { n: f.records ?? 0 })}
                </span>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`${tx.dialog.removeFile} ${f.file.name}`}
                  onClick={() => {
                    setFiles((current) => current.filter((c) => c !== f));
                    setProblem(null);
                  }}
                />
              </li>
            ))}
            <li>
              <Upload accept={ACCEPT} multiple showUploadList={false} beforeUpload={readFile}>
                <Button size="small" icon={<PlusOutlined />} data-testid="blast-add-files">
                  {tx.dialog.addFiles}
                </Button>
              </Upload>
            </li>
          </ul>
        ) : (
          <Upload.Dragger
            accept={ACCEPT}
            multiple
            showUploadList={false}
            beforeUpload={readFile}
            data-testid="blast-file-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{tx.dialog.uploadHint}</p>
            <p className="ant-upload-hint">{fmt(tx.dialog.uploadTypes, { mb: (MAX_FILE_BYTES / 1024 / 1024).toFixed(0), limit: DEFAULT_ERROR_LIMIT })}</p>
          </Upload.Dragger>
        )}
    </ProblemField>
  );

  return (
    <Dialog
      open={marker !== null}
      title={title}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="blast-cancel">
          {tx.dialog.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={busy} disabled={unavailable} onClick={() => void submit()} data-testid="blast-submit">
          {tx.dialog.submit}
        </Button>,
      ]}
    >
      <div className="mdc-blast-dialog" data-testid={`blast-dialog-${marker ?? ''}`}>
        {unavailable && marker && <Alert type="warning" showIcon className="mdc-blast-dialog__notice" message={fmt(tx.page.noReferences, { marker })} />}
        <div className="mdc-blast-dialog__toolbar">
          <Segmented
            value={mode}
            onChange={(value) => {
              setMode(value as 'paste' | 'upload');
              setProblem(null);
            }}
            options={[
              { value: 'paste', label: <span data-testid="blast-mode-paste">{tx.dialog.paste}</span> },
              { value: 'upload', label: <span data-testid="blast-mode-upload">{tx.dialog.upload}</span> },
            ]}
          />
          <div className="mdc-blast-dialog__actions">
            <Button icon={<ExperimentOutlined />} onClick={() => void loadSample()} loading={sampling} disabled={unavailable} data-testid="blast-sample">
              {tx.dialog.sample}
            </Button>
            {mode === 'paste' && text && (
              <Button
                type="text"
                onClick={() => {
                  setText('');
                  setProblem(null);
                  setNote(null);
                }}
              >
                {tx.dialog.clear}
              </Button>
            )}
          </div>
        </div>
        {field}
        {mode === 'upload' && traces.length >= 2 && (
          <ReadPairs
            traces={traces}
            pairs={pairs}
            tx={tx}
            onChange={(next) => {
              setPairsEdited(true);
              setPairs(next);
            }}
          />
        )}
        <div className="mdc-blast-dialog__status" aria-live="polite">
          {summary && <span data-testid="blast-summary">{summary}</span>}
          {note && <span className="mdc-blast-dialog__note">{note}</span>}
        </div>
        <p className="mdc-blast-dialog__rules">{fmt(tx.dialog.rules, { min: limits.minLength, max: limits.maxSequences })}</p>
        {!token && <p className="mdc-blast-dialog__rules">{tx.page.recentNote}</p>}
      </div>
    </Dialog>
  );
}

import { ExperimentOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { HttpFailure, isCancelled } from '../../../lib/http';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { useAuth } from '../../../lib/auth/session';
import type { SubmitAnswer, SubmitProblem } from '../api';
import { ProblemField, SequenceTextArea, type InputProblem } from '../components/SequenceField';
import { rememberLocalTask } from '../local-tasks';
import type { MethodDialogProps } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { itsApi, type ItsInfo } from './api';
import { useItsTexts } from './texts';

const DEFAULTS = { minLength: 50, maxLength: 3000, maxSequences: 100 };

/** Paste (or load from a file) FASTA of whole-ITS, ITS1 or ITS2 reads; the server checks and answers. */
export function ItsDialog({ open, info, onClose }: MethodDialogProps) {
  const tx = useBlastTexts();
  const ix = useItsTexts();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<InputProblem | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sampling, setSampling] = useState(false);

  const its = (info as unknown as { its?: ItsInfo } | undefined)?.its;
  const limits = its ?? DEFAULTS;
  const count = (region: string) => its?.regions.find((r) => r.region === region);
  const unavailable = its !== undefined && (count('ITS2')?.searched ?? 0) === 0;
  const number = (n: number) => n.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US');

  /** Empties the dialog: the text, the file it came from, the reason and the note. */
  function reset() {
    setText('');
    setFileName(null);
    setProblem(null);
    setNote(null);
  }

  useEffect(() => {
    if (open) reset();
  }, [open]);

  async function loadSample() {
    setSampling(true);
    try {
      const answer = await itsApi.sample();
      if (answer.code === 0) {
        setText(answer.data.fasta);
        setFileName(null);
        setProblem(null);
        setNote(fmt(ix.dialog.sampleLoaded, { species: answer.data.species, accession: answer.data.accession }));
      }
    } catch {
      // The client already said what went wrong.
    } finally {
      setSampling(false);
    }
  }

  function readFile(file: File): false {
    setProblem(null);
    file
      .text()
      .then((content) => {
        if (content.includes('\u0000') || content.includes('\ufffd')) return setProblem({ message: fmt(ix.dialog.fileUnreadable, { name: file.name }) });
        setText(content);
        setFileName(file.name);
        setNote(null);
      })
      .catch(() => setProblem({ message: fmt(ix.dialog.fileUnreadable, { name: file.name }) }));
    return false;
  }

  async function submit() {
    if (busy) return;
    // A file refused when chosen keeps its reason: pressing Identify must not replace it with "choose a file".
    if (!text.trim()) return setProblem((shown) => shown ?? { message: ix.dialog.empty });
    setBusy(true);
    setProblem(null);
    try {
      const answer = await itsApi.submit(text, fileName);
      if (answer.code === 0 && answer.data && 'id' in answer.data) {
        const created = answer.data as SubmitAnswer;
        if (created.token) rememberLocalTask({ id: created.id, token: created.token, method: 'ITS', createdAt: new Date().toISOString(), itemCount: created.itemCount });
        onClose();
        navigate(`${lp('/blast/res')}?id=${encodeURIComponent(created.id)}`);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem;
      setProblem({ message: answer.msg, ...(data.detail ? { detail: data.detail[locale] } : {}) });
    } catch (error) {
      if (isCancelled(error)) return;
      const status = error instanceof HttpFailure ? error.status : undefined;
      setProblem({ message: status === 503 ? ix.dialog.noReferences : status ? fmt(tx.problems.server, { status }) : tx.problems.network });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      title={ix.dialog.title}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="blast-cancel">
          {ix.dialog.cancel}
        </Button>,
        <Button key="submit" type="primary" loading={busy} disabled={unavailable} onClick={() => void submit()} data-testid="blast-submit">
          {ix.dialog.submit}
        </Button>,
      ]}
    >
      <div className="mdc-blast-dialog" data-testid="blast-dialog-ITS">
        <p className="mdc-blast-dialog__rules">{ix.dialog.lead}</p>
        {unavailable && <Alert type="warning" showIcon className="mdc-blast-dialog__notice" message={ix.dialog.noReferences} />}
        <div className="mdc-blast-dialog__toolbar">
          <Upload accept=".fasta,.fa,.fas,.fna,.txt,text/plain" showUploadList={false} beforeUpload={readFile}>
            <Button icon={<UploadOutlined />} data-testid="its-upload">
              {ix.dialog.upload}
            </Button>
          </Upload>
          <div className="mdc-blast-dialog__actions">
            <Button icon={<ExperimentOutlined />} onClick={() => void loadSample()} loading={sampling} disabled={unavailable} data-testid="blast-sample">
              {ix.dialog.sample}
            </Button>
            {text && (
              <Button type="text" onClick={reset}>
                {ix.dialog.clear}
              </Button>
            )}
          </div>
        </div>
        <ProblemField problem={problem}>
          <SequenceTextArea
            value={text}
            onChange={(value) => {
              reset();
              setText(value);
            }}
            placeholder={ix.dialog.placeholder}
          />
        </ProblemField>
        <div className="mdc-blast-dialog__status" aria-live="polite">
          {fileName && <span>{fileName}</span>}
          {note && <span className="mdc-blast-dialog__note">{note}</span>}
        </div>
        <p className="mdc-blast-dialog__rules">{fmt(ix.dialog.rules, { max: limits.maxSequences, min: limits.minLength, maxLength: number(limits.maxLength) })}</p>
        {its && (
          <p className="mdc-blast-dialog__rules" data-testid="its-reference-counts">
            {fmt(ix.dialog.references, { n1: number(count('ITS1')?.searched ?? 0), n2: number(count('ITS2')?.searched ?? 0), nf: number(count('ITS')?.references ?? 0) })}
          </p>
        )}
        {!token && <p className="mdc-blast-dialog__rules">{tx.page.recentNote}</p>}
      </div>
    </Dialog>
  );
}

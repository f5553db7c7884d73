import { DeleteOutlined, ExperimentOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Segmented, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HttpFailure, isCancelled } from '../../../lib/http';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { useAuth } from '../../../lib/auth/session';
import { Dialog } from '../../../components/dialog/Dialog';
import { blastApi, type BlastInfo, type Localized, type Marker, type SubmitAnswer, type SubmitProblem } from '../api';
import { rememberLocalTask } from '../local-tasks';
import { DEFAULT_LIMITS, checkSequences, type Limits } from './sequence-check';
import { fmt, useBlastTexts } from '../texts';

/** The request body limit is 1 MB; leave room for the form encoding. */
const MAX_FILE_BYTES = 900 * 1024;

interface Problem {
  message: string;
  detail?: string;
}

interface LoadedFile {
  name: string;
  content: string;
}

export function SubmitDialog({ marker, info, onClose }: { marker: Marker | null; info: BlastInfo | undefined; onClose: () => void }) {
  const tx = useBlastTexts();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const [mode, setMode] = useState<'paste' | 'upload'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sampling, setSampling] = useState(false);

  const limits: Limits = info ? { minLength: info.minLength, maxLength: info.maxLength, maxSequences: info.maxSequences } : DEFAULT_LIMITS;
  const references = info?.markers.find((m) => m.marker === marker)?.references;
  const unavailable = references === 0;

  // A fresh dialog for every opening: a pasted sequence never leaks into the other marker's dialog.
  useEffect(() => {
    if (!marker) return;
    setMode('paste');
    setText('');
    setFile(null);
    setProblem(null);
    setNote(null);
  }, [marker]);

  const input = mode === 'upload' ? (file?.content ?? '') : text;
  const summary = useMemo(() => {
    if (!marker || !input.trim()) return null;
    const check = checkSequences(marker, input, limits);
    return check.ok ? fmt(tx.dialog.summary, { n: check.sequences.length, bp: check.bases.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en-US') }) : null;
  }, [marker, input, limits.minLength, limits.maxLength, limits.maxSequences, tx, locale]);

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
      setProblem({ message: fmt(tx.dialog.fileTooLarge, { mb: (MAX_FILE_BYTES / 1024 / 1024).toFixed(1) }) });
      return false;
    }
    chosen
      .text()
      .then((content) => {
        // A gzip or other binary file reads as text full of replacement characters.
        if (content.includes('\u0000') || content.includes('\ufffd')) throw new Error('binary');
        setFile({ name: chosen.name, content });
      })
      .catch(() => setProblem({ message: tx.dialog.fileUnreadable }));
    return false;
  }

  async function submit() {
    if (!marker || busy) return;
    const check = checkSequences(marker, input, limits);
    if (!check.ok) {
      setProblem({ message: pick(check.problem.message), detail: pick(check.problem.detail) });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const body = mode === 'upload' && file ? { marker, file: file.content, fileName: file.name } : { marker, sequence: text };
      const answer = await blastApi.submit(body);
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
      setProblem({ message: answer.msg, ...(data.detail ? { detail: pick(data.detail) } : {}) });
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
    <Form layout="vertical" component="div" className="mdc-blast-dialog__form">
      <Form.Item
        validateStatus={problem ? 'error' : undefined}
        help={
          problem ? (
            <div data-testid="blast-input-error" className="mdc-blast-dialog__error">
              <div>{problem.message}</div>
              {problem.detail && <div className="mdc-blast-dialog__error-detail">{problem.detail}</div>}
            </div>
          ) : undefined
        }
        style={{ marginBottom: 8 }}
      >
        {mode === 'paste' ? (
          <Input.TextArea
            id="sequence"
            name="sequence"
            data-testid="blast-sequence-input"
            className="mdc-blast-dialog__textarea"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
              setNote(null);
            }}
            placeholder={tx.dialog.placeholder}
            autoSize={{ minRows: 8, maxRows: 14 }}
            spellCheck={false}
            autoComplete="off"
          />
        ) : file ? (
          <div className="mdc-blast-dialog__file" data-testid="blast-file-loaded">
            <FileTextOutlined aria-hidden />
            <span className="mdc-blast-dialog__file-name">{fmt(tx.dialog.fileRead, { name: file.name })}</span>
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={tx.dialog.removeFile}
              onClick={() => {
                setFile(null);
                setProblem(null);
              }}
            />
          </div>
        ) : (
          <Upload.Dragger
            accept=".fasta,.fa,.fas,.fna,.ffn,.txt,text/plain"
            multiple={false}
            showUploadList={false}
            beforeUpload={readFile}
            data-testid="blast-file-drop"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{tx.dialog.uploadHint}</p>
            <p className="ant-upload-hint">{fmt(tx.dialog.uploadTypes, { mb: (MAX_FILE_BYTES / 1024 / 1024).toFixed(1) })}</p>
          </Upload.Dragger>
        )}
      </Form.Item>
    </Form>
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

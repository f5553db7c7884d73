import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { isCancelled } from '../../../lib/http';
import { useLocalePath } from '../../../lib/i18n/hooks';
import type { Localized, SubmitAnswer, SubmitProblem } from '../api';
import { rememberLocalTask } from '../local-tasks';
import type { MethodDialogProps } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { submitGenome, type GenomeInfo } from './api';
import { useGenomeTexts } from './texts';

const DEFAULTS: Pick<GenomeInfo, 'minBases' | 'maxBases' | 'maxUploadBytes'> = { minBases: 100_000, maxBases: 20_000_000, maxUploadBytes: 32 * 1024 * 1024 };

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The first bytes of a file: FASTQ starts with "@", FASTA with ">", gzip with 1f 8b. */
async function looksLikeReads(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x40;
}

/** Upload of one assembly with a sample name; never closes on a backdrop click. */
export function GenomeDialog({ open, info, onClose }: MethodDialogProps) {
  const tx = useBlastTexts();
  const gx = useGenomeTexts();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [sampleName, setSampleName] = useState('');
  const [problem, setProblem] = useState<{ message: string; detail?: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const genome = info?.methods.find((m) => m.method === 'genome') as (GenomeInfo & { method: string }) | undefined;
  const limits = { ...DEFAULTS, ...(genome ?? {}) };
  const unavailable = genome !== undefined && genome.references === 0;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setSampleName('');
    setProblem(null);
    setProgress(null);
  }, [open]);

  async function choose(chosen: File): Promise<void> {
    setProblem(null);
    if (chosen.size === 0) return setProblem({ message: gx.dialog.empty });
    if (chosen.size > limits.maxUploadBytes) return setProblem({ message: fmt(gx.dialog.tooLarge, { size: size(chosen.size), mb: Math.round(limits.maxUploadBytes / 1024 / 1024) }) });
    if (await looksLikeReads(chosen)) return setProblem({ message: gx.dialog.reads });
    setFile(chosen);
  }

  async function submit() {
    if (progress !== null) return;
    // A file refused when chosen keeps its reason: pressing Identify must not replace it with "choose a file".
    if (!file) return setProblem((shown) => shown ?? { message: gx.dialog.noFile });
    setProblem(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const answer = await submitGenome(file, sampleName, (fraction) => setProgress(Math.round(100 * fraction)), abort.current.signal);
      if (answer.code === 0 && answer.data && 'id' in answer.data) {
        const created = answer.data as SubmitAnswer;
        if (created.token) rememberLocalTask({ id: created.id, token: created.token, method: 'genome', createdAt: new Date().toISOString(), itemCount: 1 });
        onClose();
        navigate(`${lp('/blast/res')}?id=${encodeURIComponent(created.id)}`);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem & { detail?: Localized };
      setProblem({ message: answer.msg || tx.problems.network, ...(data.fields?.file && data.fields.file !== answer.msg ? { detail: data.fields.file } : {}) });
    } catch (error) {
      if (!isCancelled(error)) setProblem({ message: tx.problems.network });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  function cancel() {
    abort.current?.abort();
    onClose();
  }

  return (
    <Dialog
      open={open}
      title={gx.dialog.title}
      onCancel={cancel}
      width={620}
      destroyOnHidden
      data-testid="genome-dialog"
      footer={[
        <Button key="cancel" onClick={cancel} data-testid="genome-cancel">
          {gx.dialog.cancel}
        </Button>,
        <Button key="submit" type="primary" onClick={() => void submit()} loading={progress !== null} disabled={unavailable} data-testid="genome-submit">
          {gx.dialog.submit}
        </Button>,
      ]}
    >
      <p className="mdc-blast-muted">{gx.dialog.lead}</p>
      {unavailable && <Alert type="warning" showIcon message={gx.dialog.noReferences} className="mdc-blast__notice" />}
      {genome && genome.references > 0 && (
        <p className="mdc-blast-muted" data-testid="genome-reference-count">
          {fmt(gx.dialog.references, { n: genome.references, s: genome.species })}
        </p>
      )}
      <Form layout="vertical" component="div">
        <Form.Item validateStatus={problem ? 'error' : undefined}>
          {file ? (
            <div className="mdc-blast-genome-file" data-testid="genome-file">
              <span>{fmt(gx.dialog.selected, { name: file.name, size: size(file.size) })}</span>
              <Button type="text" icon={<DeleteOutlined />} onClick={() => setFile(null)} aria-label={gx.dialog.remove} disabled={progress !== null} />
            </div>
          ) : (
            <div data-testid="genome-upload">
            <Upload.Dragger
              accept=".fasta,.fa,.fna,.fas,.fsa,.txt,.gz"
              multiple={false}
              showUploadList={false}
              beforeUpload={(chosen) => {
                void choose(chosen);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{gx.dialog.drop}</p>
              <p className="ant-upload-hint">
                {fmt(gx.dialog.types, { min: Math.round(limits.minBases / 1000), max: Math.round(limits.maxBases / 1e6), mb: Math.round(limits.maxUploadBytes / 1024 / 1024) })}
              </p>
            </Upload.Dragger>
            </div>
          )}
          {/* Not antd's animated help: its leave motion could drop a message that replaced another mid-animation. */}
          {problem && (
            <div className="ant-form-item-explain-error mdc-input-error" role="alert" data-testid="genome-input-error">
              {problem.message}{problem.detail ? ` ${problem.detail}` : ''}
            </div>
          )}
        </Form.Item>
        <Form.Item label={gx.dialog.sampleName}>
          <Input value={sampleName} onChange={(e) => setSampleName(e.target.value)} maxLength={100} placeholder={gx.dialog.samplePlaceholder} data-testid="genome-sample-name" />
        </Form.Item>
      </Form>
      {progress !== null && <Progress percent={progress} size="small" status="active" format={(pct) => fmt(gx.dialog.uploading, { pct: pct ?? 0 })} data-testid="genome-progress" />}
    </Dialog>
  );
}

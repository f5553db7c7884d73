import { DeleteOutlined, InboxOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../../components/dialog/Dialog';
import { LocaleLink } from '../../../components/LocaleLink';
import { useAuth } from '../../../lib/auth/session';
import { isCancelled } from '../../../lib/http';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import type { Localized, SubmitAnswer, SubmitProblem } from '../api';
import { rememberLocalTask } from '../local-tasks';
import type { MethodDialogProps } from '../method-view';
import { fmt, useBlastTexts } from '../texts';
import { submitSpectra, type ProteomeInfo } from './api';
import { formatLimit, limitsLine, size, tooLargeParts } from './limits';
import { useProteomeTexts } from './texts';

/** What the server says it reads, until /api/blast/info has answered. */
const DEFAULT_FORMATS: ProteomeInfo['formats'] = [
  { format: 'zip', endings: ['.zip'], limit: 32 * 1024 * 1024, what: { zh: 'Bruker flex 文件夹（fid + acqu 或 acqus）的 zip，单个靶点或整块靶板', en: 'zip of Bruker flex folders (fid + acqu or acqus): one spot or a whole target plate' } },
  { format: 'mzml', endings: ['.mzML'], limit: 32 * 1024 * 1024, what: { zh: 'mzML（普通或 indexed，zlib 压缩或不压缩，32/64 位）', en: 'mzML (plain or indexed, zlib or uncompressed, 32/64-bit)' } },
  { format: 'mzxml', endings: ['.mzXML'], limit: 32 * 1024 * 1024, what: { zh: 'mzXML（2.x/3.x，zlib 压缩或不压缩，32/64 位；读取 MS1 扫描）', en: 'mzXML (2.x/3.x, zlib or uncompressed, 32/64-bit; MS1 scans are read)' } },
  { format: 'text', endings: ['.spectrum'], limit: 300 * 1024, what: { zh: '.spectrum 文本：每行一对 m/z 与强度', en: '.spectrum text: one m/z–intensity pair per line' } },
  { format: 'text', endings: ['.txt', '.csv', '.tsv'], limit: 8 * 1024 * 1024, what: { zh: '文本谱图（空格、逗号或制表符分隔，可带表头；原始谱图或峰列表）', en: 'text spectrum (space, comma or tab separated, optional header; raw profile or peak list)' } },
];

export { size };

export const SPECTRUM_ACCEPT = '.zip,.mzML,.mzml,.mzXML,.mzxml,.spectrum,.txt,.csv,.tsv';

/** Upload of one spectrum or a plate zip; states what it reads and how much; never closes on a backdrop click. */
export function ProteomeDialog({ open, info, onClose }: MethodDialogProps) {
  const tx = useBlastTexts();
  const px = useProteomeTexts();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  const proteome = info?.methods.find((m) => m.method === 'proteome') as (ProteomeInfo & { method: string }) | undefined;
  const formats = proteome?.formats ?? DEFAULT_FORMATS;
  const maxBytes = proteome?.maxUploadBytes ?? 32 * 1024 * 1024;
  const maxSpectra = proteome?.maxSpectra ?? 384;
  const unavailable = proteome !== undefined && proteome.references === 0 && !token;

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setProblem(null);
    setProgress(null);
  }, [open]);

  function choose(chosen: File) {
    setProblem(null);
    const lower = chosen.name.toLowerCase();
    const format = formats.find((f) => f.endings.some((e) => lower.endsWith(e.toLowerCase())));
    if (chosen.size === 0) return setProblem(px.dialog.empty);
    if (!format) return setProblem(fmt(px.dialog.wrongType, { name: chosen.name }));
    if (chosen.size > formatLimit(format, maxBytes)) {
      const parts = tooLargeParts(chosen, format, formats, maxBytes);
      return setProblem(fmt(px.dialog.tooLarge, { size: parts.size, limit: parts.limit, ending: parts.ending }) + (parts.instead ? ' ' + fmt(px.dialog.tooLargeInstead, { formats: parts.instead }) : ''));
    }
    setFile(chosen);
  }

  async function submit() {
    if (progress !== null) return;
    // A file refused when chosen keeps its reason: pressing Identify must not replace it with "choose a file".
    if (!file) return setProblem((shown) => shown ?? px.dialog.noFile);
    setProblem(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const answer = await submitSpectra(file, (fraction) => setProgress(Math.round(100 * fraction)), abort.current.signal);
      if (answer.code === 0 && answer.data && 'id' in answer.data) {
        const created = answer.data as SubmitAnswer;
        if (created.token) rememberLocalTask({ id: created.id, token: created.token, method: 'proteome', createdAt: new Date().toISOString(), itemCount: created.itemCount });
        onClose();
        navigate(`${lp('/blast/res')}?id=${encodeURIComponent(created.id)}`);
        return;
      }
      const data = (answer.data ?? {}) as SubmitProblem & { detail?: Localized };
      setProblem(data.fields?.file ?? (answer.msg || tx.problems.network));
    } catch (error) {
      if (!isCancelled(error)) setProblem(tx.problems.network);
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
      title={px.dialog.title}
      onCancel={cancel}
      width={660}
      destroyOnHidden
      data-testid="proteome-dialog"
      footer={[
        <Button key="cancel" onClick={cancel} data-testid="proteome-cancel">
          {px.dialog.cancel}
        </Button>,
        <Button key="submit" type="primary" onClick={() => void submit()} loading={progress !== null} disabled={unavailable} data-testid="proteome-submit">
          {px.dialog.submit}
        </Button>,
      ]}
    >
      <p className="mdc-blast-muted">{px.dialog.lead}</p>
      {unavailable && <Alert type="warning" showIcon message={px.dialog.noLibrary} className="mdc-blast__notice" />}
      {proteome && proteome.references > 0 && (
        <p className="mdc-blast-muted" data-testid="proteome-library-count">
          {fmt(px.dialog.library, { n: proteome.references, s: proteome.species })}
          {token && (
            <>
              {' · '}
              <LocaleLink to="/blast/ms/library" onClick={onClose} data-testid="proteome-own-library">
                {px.dialog.ownLibrary} <RightOutlined />
              </LocaleLink>
            </>
          )}
        </p>
      )}
      <Form layout="vertical" component="div">
        <Form.Item validateStatus={problem ? 'error' : undefined}>
          {file ? (
            <div className="mdc-blast-genome-file" data-testid="proteome-file">
              <span>{fmt(px.dialog.selected, { name: file.name, size: size(file.size) })}</span>
              <Button type="text" icon={<DeleteOutlined />} onClick={() => setFile(null)} aria-label={px.dialog.remove} disabled={progress !== null} />
            </div>
          ) : (
            <div data-testid="proteome-upload">
              <Upload.Dragger
                accept={SPECTRUM_ACCEPT}
                multiple={false}
                showUploadList={false}
                beforeUpload={(chosen) => {
                  choose(chosen);
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{px.dialog.drop}</p>
                <p className="ant-upload-hint" data-testid="proteome-limits">{fmt(px.dialog.limits, { limits: limitsLine(formats, maxBytes), n: maxSpectra })}</p>
              </Upload.Dragger>
            </div>
          )}
          {/* Not antd's animated help: its leave motion could drop a message that replaced another mid-animation. */}
          {problem && (
            <div className="ant-form-item-explain-error mdc-input-error" role="alert" data-testid="proteome-input-error">
              {problem}
            </div>
          )}
        </Form.Item>
      </Form>
      {progress !== null && <Progress percent={progress} size="small" status="active" format={(pct) => fmt(px.dialog.uploading, { pct: pct ?? 0 })} data-testid="proteome-progress" />}
      <div className="mdc-ms-formats" data-testid="proteome-formats">
        <h4>{px.dialog.formats}</h4>
        <ul>
          {formats.map((f) => (
            <li key={f.endings.join()}>
              <code>{f.endings.join(' ')}</code> {f.what[locale]} <span className="mdc-blast-muted">≤ {size(formatLimit(f, maxBytes))}</span>
            </li>
          ))}
        </ul>
      </div>
      {!token && <p className="mdc-blast-muted mdc-blast-small">{px.dialog.ownLibraryNote}</p>}
    </Dialog>
  );
}

import { InboxOutlined } from '@ant-design/icons';
import { App, Button, Form, Select, Switch, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/session';
import { useLocale, useLocalePath } from '../../../lib/i18n/hooks';
import { loginUrl } from '../../../lib/redirect';
import { useMinimumLoading } from '../../../lib/use-minimum-loading';
import { labApi, type LabOptions } from '../api';
import { useLabText } from '../i18n';
import { SwitchRow } from './SwitchRow';

const MAX_BYTES = 10 * 1024 * 1024;

/** Batch: a WHONET or CSV isolate file, interpreted in the background, the result to download. */
export function BatchUpload({ options }: { options: LabOptions | null }) {
  const text = useLabText();
  const locale = useLocale();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { token } = useAuth();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [guideline, setGuideline] = useState('');
  const [expertRules, setExpertRules] = useState(true);
  const [busy, setBusy] = useState(false);
  const loading = useMinimumLoading(busy);

  const submit = async () => {
    if (!file) {
      void message.error(text.batch.choose);
      return;
    }
    if (!token) {
      navigate(loginUrl(locale, lp('/lab')));
      return;
    }
    setBusy(true);
    const envelope = await labApi.uploadBatch(file, guideline || undefined, expertRules).catch(() => null);
    setBusy(false);
    if (!envelope) return;
    if (envelope.code === 0) navigate(`${lp('/lab/res')}?id=${envelope.data.id}`);
    else if (envelope.msg) void message.error(envelope.msg);
  };

  const guidelines = (options?.guidelines ?? []).flatMap((g) => g.years.map((y) => ({ value: `${g.guideline} ${y}`, label: `${g.guideline} ${y}` })));

  return (
    <section className="mdc-lab__card" data-testid="batch-upload">
      <h2 className="mdc-lab__card-title">{text.batch.title}</h2>
      <p className="mdc-lab__explain">{text.batch.text}</p>
      <Form layout="vertical" disabled={loading}>
        <Form.Item label={text.batch.file} required>
          <Upload.Dragger
            accept=".txt,.csv,.tsv,.tab"
            maxCount={1}
            beforeUpload={(chosen) => {
              if (chosen.size > MAX_BYTES) {
                void message.error(text.batch.limit);
                return Upload.LIST_IGNORE;
              }
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'file', name: file.name, status: 'done', size: file.size }] : []}
            data-testid="batch-file"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{text.batch.choose}</p>
            <p className="ant-upload-hint">{text.batch.limit}</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item label={text.batch.guideline}>
          <Select
            value={guideline}
            onChange={setGuideline}
            data-testid="batch-guideline"
            options={[{ value: '', label: text.batch.asInFile }, ...guidelines]}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <SwitchRow htmlFor="batch-expert-rules" label={text.tests.expertRules} hint={text.batch.expertRulesHint} className="mdc-lab__switch--above-submit">
          <Switch id="batch-expert-rules" data-testid="batch-expert-rules" checked={expertRules} onChange={setExpertRules} />
        </SwitchRow>
        <Button type="primary" size="large" onClick={submit} loading={loading} data-testid="batch-submit">
          {text.batch.submit}
        </Button>
      </Form>
    </section>
  );
}

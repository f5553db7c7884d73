import { Alert, Button, Form, Input } from 'antd';
import { useLayoutEffect } from 'react';
import { Dialog } from '../../../components/dialog/Dialog';
import { useLabText } from '../i18n';
import { valueProblem } from '../values';

export interface SensitivityRow {
  code: string;
  label: string;
  value: string;
  potency: string;
  breakpointText: string;
}

/**
 * "Drug sensitivity": one value per drug (MIC, or zone with the disk content), checked as the
 * server will check it. `focus` opens the dialog on one drug's input.
 */
export function SensitivityDialog({
  open,
  method,
  rows,
  focus,
  onCancel,
  onOk,
}: {
  open: boolean;
  method: string | undefined;
  rows: SensitivityRow[];
  focus?: string | undefined;
  onCancel: () => void;
  onOk: (values: Record<string, { value: string; potency: string }>) => void;
}) {
  const text = useLabText();
  const [form] = Form.useForm<Record<string, string>>();
  const disk = method === 'DISK';

  // Before the dialog is painted: a value typed the moment its box appears is never overwritten
  // by the rows' earlier values (a CI journey lost its MEM 0.25 so).
  useLayoutEffect(() => {
    if (!open) return;
    form.setFieldsValue(Object.fromEntries(rows.flatMap((r) => [[`v_${r.code}`, r.value], [`p_${r.code}`, r.potency]])));
    const target = focus ?? rows.find((r) => !r.value)?.code ?? rows[0]?.code;
    // After the dialog has taken focus itself; never away from a box the person is already typing
    // in (without the opening zoom, a quick typist's third value went into the first box).
    if (target)
      setTimeout(() => {
        if (document.activeElement?.closest('[data-testid=sensitivity-dialog] input')) return;
        document.getElementById(`value-${target}`)?.focus();
      }, 150);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    onOk(Object.fromEntries(rows.map((r) => [r.code, { value: (values[`v_${r.code}`] ?? '').trim(), potency: (values[`p_${r.code}`] ?? '').trim() }])));
  };

  return (
    <Dialog
      open={open}
      title={text.sensitivity.title}
      onCancel={onCancel}
      width={640}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {text.sensitivity.cancel}
        </Button>,
        <Button key="ok" type="primary" onClick={submit} data-testid="sensitivity-ok">
          {text.sensitivity.ok}
        </Button>,
      ]}
    >
      <div data-testid="sensitivity-dialog">
        <Alert type="info" showIcon message={disk ? text.sensitivity.hintDisk : text.sensitivity.hintMic} style={{ marginBottom: 8 }} />
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          {rows.map((r) => (
            <div key={r.code} className={`mdc-values__row${disk ? '' : ' mdc-values__row--mic'}`}>
              <div className="mdc-values__drug">
                <div>
                  {r.label}
                  <span className="mdc-lab__code">{r.code}</span>
                </div>
                {r.breakpointText && <div className="mdc-drugs__bp">{r.breakpointText}</div>}
              </div>
              <Form.Item
                name={`v_${r.code}`}
                rules={[{ validator: (_, value: string | undefined) => {
                  const problem = valueProblem(text, method, value);
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                } }]}
              >
                <Input
                  id={`value-${r.code}`}
                  data-testid={`value-${r.code}`}
                  placeholder={disk ? text.form.zoneValue : text.form.micValue}
                  inputMode="decimal"
                  autoComplete="off"
                  onPressEnter={submit}
                />
              </Form.Item>
              {disk && (
                <Form.Item name={`p_${r.code}`}>
                  <Input data-testid={`potency-${r.code}`} placeholder={text.form.potency} autoComplete="off" />
                </Form.Item>
              )}
            </div>
          ))}
        </Form>
      </div>
    </Dialog>
  );
}

import { Form, Input } from 'antd';
import type { ReactNode } from 'react';

/** Why the dialog's input was refused: the headline and, when the server gave one, the specific reason. */
export interface InputProblem {
  message: string;
  detail?: string;
}

/** A method dialog's input, with the reason it was refused shown under it (read by tests as `blast-input-error`). */
export function ProblemField({ problem, children }: { problem: InputProblem | null; children: ReactNode }) {
  return (
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
        {children}
      </Form.Item>
    </Form>
  );
}

/** The box sequences are pasted into: monospaced, no spelling check or autocomplete, growing to 14 lines. */
export function SequenceTextArea({ value, placeholder, onChange }: { value: string; placeholder: string; onChange: (text: string) => void }) {
  return (
    <Input.TextArea
      id="sequence"
      name="sequence"
      data-testid="blast-sequence-input"
      className="mdc-blast-dialog__textarea"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      autoSize={{ minRows: 8, maxRows: 14 }}
      spellCheck={false}
      autoComplete="off"
    />
  );
}

import { ApiCode, type Envelope } from '@mdc/contracts';
import type { FormInstance } from 'antd';

/**
 * The server validates with the same schemas; when it still rejects a field (code 1000 with
 * `data.fields`), its message goes under that field as well as into the toast.
 */
export function showFieldErrors<T>(form: FormInstance<T>, envelope: Envelope<unknown> | null, fields: readonly string[]): void {
  if (!envelope || envelope.code !== ApiCode.BAD_REQUEST) return;
  const reported = (envelope.data as { fields?: unknown } | null)?.fields;
  if (!reported || typeof reported !== 'object') return;
  const entries = Object.entries(reported as Record<string, unknown>).filter(
    (entry): entry is [string, string] => fields.includes(entry[0]) && typeof entry[1] === 'string',
  );
  if (entries.length) form.setFields(entries.map(([name, message]) => ({ name: name as never, errors: [message] })));
}

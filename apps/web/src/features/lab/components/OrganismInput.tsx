import { AutoComplete, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import { labApi, type OrganismSuggestion } from '../api';
import { useLabText } from '../i18n';

export function organismLabel(o: { name: string; nameZh: string | null }, locale: 'zh' | 'en'): string {
  return locale === 'zh' && o.nameZh ? `${o.nameZh} ${o.name}` : o.name;
}

/**
 * The bacteria field: Chinese, Latin or a WHONET code, completed from what the engine knows. The
 * form value is the WHONET code once a suggestion is picked, else the text as typed (the server
 * then matches it, tolerating case and small typos).
 */
export function OrganismInput({
  value,
  onChange,
  onPicked,
  id,
  status,
}: {
  value?: string;
  onChange?: (value: string) => void;
  /** The organism chosen from the list (null when the user types over it). */
  onPicked?: (organism: OrganismSuggestion | null) => void;
  id?: string;
  status?: 'error' | '';
}) {
  const locale = useLocale();
  const text = useLabText();
  const [typed, setTyped] = useState('');
  const [options, setOptions] = useState<OrganismSuggestion[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);
  const picked = useRef<string | undefined>(undefined);

  // A form reset (or a restored draft) changes the value from outside: show it. A draft holds the
  // WHONET code of the organism picked before ("eco"): show its name, as when it was picked.
  useEffect(() => {
    if (!value) {
      setTyped('');
      return;
    }
    if (value === picked.current || value === typed) return;
    setTyped(value);
    const lookup = new AbortController();
    labApi
      .organisms(value, lookup.signal)
      .then((envelope) => {
        const organism = envelope.code === 0 ? envelope.data.find((o) => o.code === value) : undefined;
        if (lookup.signal.aborted || !organism) return;
        picked.current = value;
        setTyped(organismLabel(organism, locale));
        onPicked?.(organism);
      })
      .catch(() => undefined);
    return () => lookup.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  const search = (q: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    if (!q.trim()) {
      setOptions([]);
      return;
    }
    timer.current = setTimeout(() => {
      const current = new AbortController();
      controller.current = current;
      labApi
        .organisms(q, current.signal)
        .then((envelope) => {
          if (!current.signal.aborted) setOptions(envelope.code === 0 ? envelope.data : []);
        })
        .catch(() => undefined);
    }, 180);
  };

  return (
    <AutoComplete
      id={id}
      value={typed}
      status={status}
      options={options.map((o) => ({
        value: o.code,
        label: (
          <div className="mdc-organism-option" data-testid="organism-option" data-code={o.code}>
            <span>{organismLabel(o, locale)}</span>
            <span className="mdc-lab__code">{o.code}</span>
            {o.matched && <div className="mdc-lab__muted">{o.corrected ? `${text.form.organismCorrected}: ${o.matched}` : o.matched}</div>}
          </div>
        ),
      }))}
      onSearch={search}
      onChange={(next, option) => {
        // Picking an option reports its value (the code); typing reports the text.
        if (option && !Array.isArray(option) && 'value' in option) return;
        picked.current = undefined;
        setTyped(next);
        onChange?.(next);
        onPicked?.(null);
      }}
      onSelect={(code: string) => {
        const organism = options.find((o) => o.code === code);
        if (!organism) return;
        picked.current = code;
        setTyped(organismLabel(organism, locale));
        onChange?.(code);
        onPicked?.(organism);
      }}
      popupMatchSelectWidth
      style={{ width: '100%' }}
    >
      <Input data-testid="organism-input" placeholder={text.form.organismPlaceholder} allowClear />
    </AutoComplete>
  );
}

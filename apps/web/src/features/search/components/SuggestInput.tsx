import { AutoComplete, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import type { Suggestion } from '../api';
import { useAutocomplete } from '../use-autocomplete';

export interface SuggestInputProps {
  /** Only suggestions of this kind are offered. */
  type: 'taxon' | 'antibiotic';
  /** The committed value (from the address). */
  value: string | undefined;
  /** What a chosen suggestion commits (a WHONET code, a taxon id, a name…); undefined skips it. */
  pick(item: Suggestion): string | undefined;
  onCommit(value: string | undefined, item?: Suggestion): void;
  placeholder?: string;
  id?: string;
  testId?: string;
  size?: 'small' | 'middle' | 'large';
  /** How to show a committed value (a name for a taxon id); the value itself by default. */
  display?: string;
}

/**
 * A text field with suggestions of one kind (organisms or drugs): typing asks the autocomplete,
 * choosing a suggestion commits what `pick` takes from it, Enter commits the typed text as is.
 */
export function SuggestInput({ type, value, pick, onCommit, placeholder, id, testId, size = 'middle', display }: SuggestInputProps) {
  const locale = useLocale();
  const shownValue = value ? (display ?? value) : '';
  const [text, setText] = useState(shownValue);
  const { suggestions, onType, clear } = useAutocomplete();
  const pendingEnter = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(shownValue), [shownValue]);
  useEffect(() => () => clearTimeout(pendingEnter.current), []);

  const options = suggestions
    .filter((s) => s.type === type)
    .flatMap((s) => {
      const committed = pick(s);
      if (!committed) return [];
      const main = locale === 'zh' ? (s.label_zh ?? s.value) : (s.label_en ?? s.value);
      const other = locale === 'zh' && s.label_en && s.label_en !== main ? s.label_en : '';
      return [
        {
          value: `${s.type}:${s.id}`,
          item: s,
          committed,
          label: (
            <span className="mdc-suggest">
              <span className="mdc-suggest__main">{type === 'taxon' ? <i>{main}</i> : main}</span>
              {other && <span className="mdc-suggest__other">{type === 'taxon' ? <i>{other}</i> : other}</span>}
              <span className="mdc-suggest__code">{committed}</span>
            </span>
          ),
        },
      ];
    });

  return (
    <AutoComplete
      value={text}
      options={options}
      defaultActiveFirstOption={false}
      onSearch={onType}
      onChange={(next) => setText(String(next ?? ''))}
      onSelect={(_key, option) => {
        clearTimeout(pendingEnter.current);
        const chosen = option as (typeof options)[number];
        // Pages that show names rather than codes see the name at once, before the address updates.
        setText(display !== undefined ? (chosen.item.label_en ?? chosen.committed) : chosen.committed);
        clear();
        onCommit(chosen.committed, chosen.item);
      }}
      popupMatchSelectWidth={false}
      classNames={{ popup: { root: 'mdc-suggest-popup' } }}
      style={{ width: '100%' }}
    >
      <Input
        id={id}
        size={size}
        allowClear
        data-testid={testId}
        placeholder={placeholder}
        onChange={(event) => {
          // The clear icon empties the field with a click: that removes the filter.
          if (event.type === 'click' && event.target.value === '') {
            clear();
            onCommit(undefined);
          }
        }}
        onPressEnter={(event) => {
          const typed = (event.target as HTMLInputElement).value;
          // Enter on a highlighted suggestion reaches here first, then onSelect: wait a tick so
          // the suggestion, not the half-typed text, is what gets committed.
          clearTimeout(pendingEnter.current);
          pendingEnter.current = setTimeout(() => {
            clear();
            onCommit(typed.trim() || undefined);
          }, 0);
        }}
      />
    </AutoComplete>
  );
}

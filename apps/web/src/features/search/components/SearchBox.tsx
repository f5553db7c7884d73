import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, type InputRef } from 'antd';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { localizedPath } from '@mdc/contracts';
import { useLocale } from '../../../lib/i18n/hooks';
import type { Suggestion } from '../api';
import { entityPath, searchUrl } from '../search-url';
import { useAutocomplete } from '../use-autocomplete';
import { SuggestionLabel } from './SuggestionLabel';
import '../search.css';

export interface SearchBoxProps {
  initial?: string;
  autoFocus?: boolean;
  size?: 'middle' | 'large';
  /** Called after a search was started or a suggestion opened (the header closes its box then). */
  onSearched?: () => void;
  /** Suggestions render inside this element, so a click on them is not an "outside" click. */
  popupContainer?: RefObject<HTMLElement | null>;
  testId?: string;
  className?: string;
  placeholder?: string;
  /** Only suggestions of this kind (the drug lookup offers drugs only). */
  only?: 'taxon' | 'antibiotic';
  /** Where Enter goes instead of the search page (the drug lookup searches the drug list). */
  searchPath?: (keyword: string) => string;
}

/**
 * The search field: suggestions while typing (never on focus); choosing one opens its page,
 * Enter searches for the typed words. A blank keyword does nothing.
 */
export function SearchBox({ initial = '', autoFocus, size = 'large', onSearched, popupContainer, testId = 'search-input', className, placeholder, only, searchPath }: SearchBoxProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const { suggestions, message, onType, clear } = useAutocomplete();
  const inputRef = useRef<InputRef>(null);
  const pendingEnter = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setValue(initial), [initial]);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  useEffect(() => () => clearTimeout(pendingEnter.current), []);

  const shown = suggestions.filter((s) => (!only || s.type === only) && entityPath(s));
  const byKey = new Map(shown.map((s) => [`${s.type}:${s.id}`, s]));

  const submit = (keyword: string) => {
    const k = keyword.trim();
    const url = searchPath ? (k ? localizedPath(searchPath(k), locale) : null) : searchUrl(k, locale);
    if (!url) return;
    clear();
    setValue(k);
    navigate(url);
    onSearched?.();
  };

  const open = (item: Suggestion) => {
    const path = entityPath(item);
    if (!path) return;
    clearTimeout(pendingEnter.current);
    clear();
    setValue(locale === 'zh' ? (item.label_zh ?? item.value) : (item.label_en ?? item.value));
    navigate(localizedPath(path, locale));
    onSearched?.();
  };

  const options = message
    ? [{ value: '__message', disabled: true, label: <span className="mdc-suggest__message" data-testid={`${testId}-message`}>{message}</span> }]
    : shown.map((s) => ({ value: `${s.type}:${s.id}`, label: <SuggestionLabel item={s} /> }));

  return (
    <div className={['mdc-search', className].filter(Boolean).join(' ')} role="search">
      <AutoComplete
        value={value}
        options={options}
        defaultActiveFirstOption={false}
        onSearch={onType}
        onChange={(next) => {
          const text = String(next ?? '');
          // Choosing a suggestion first "changes" the value to its key; the name replaces it in onSelect.
          if (!byKey.has(text)) setValue(text);
        }}
        onSelect={(key) => {
          const item = byKey.get(String(key));
          if (item) open(item);
        }}
        getPopupContainer={popupContainer ? () => popupContainer.current ?? document.body : undefined}
        classNames={{ popup: { root: 'mdc-suggest-popup' } }}
        size={size}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Input
          ref={inputRef}
          size={size}
          allowClear
          name="k"
          data-testid={testId}
          prefix={<SearchOutlined className="mdc-search__icon" />}
          placeholder={placeholder ?? t('header.searchPlaceholder')}
          aria-label={t('search.keyword')}
          onPressEnter={(event) => {
            const typed = (event.target as HTMLInputElement).value;
            // Enter on a highlighted suggestion arrives here before onSelect: give the suggestion the tick.
            clearTimeout(pendingEnter.current);
            pendingEnter.current = setTimeout(() => submit(typed), 0);
          }}
        />
      </AutoComplete>
      <Button type="primary" size={size} onClick={() => submit(value)} data-testid={`${testId}-submit`}>
        {t('header.searchButton')}
      </Button>
    </div>
  );
}

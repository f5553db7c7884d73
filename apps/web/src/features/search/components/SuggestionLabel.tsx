import { useLocale } from '../../../lib/i18n/hooks';
import type { Suggestion } from '../api';
import { useSearchTexts } from '../texts';

/** A suggestion as a line: its kind, the name in the page's language, the other name, the code. */
export function SuggestionLabel({ item }: { item: Suggestion }) {
  const locale = useLocale();
  const tx = useSearchTexts();
  const zh = item.label_zh ?? item.value;
  const en = item.label_en ?? item.value;
  const main = locale === 'zh' ? zh : en;
  const other = locale === 'zh' ? (en !== zh ? en : '') : zh !== en ? zh : '';
  const italic = item.type === 'taxon';
  return (
    <span className="mdc-suggest" data-type={item.type}>
      <span className={`mdc-suggest__type mdc-suggest__type--${item.type ?? 'other'}`}>{tx.types[item.type ?? ''] ?? item.type}</span>
      <span className="mdc-suggest__main">{italic && main === en ? <i>{main}</i> : main}</span>
      {other && <span className="mdc-suggest__other">{italic && other === en ? <i>{other}</i> : other}</span>}
      {item.code && <span className="mdc-suggest__code">{item.code}</span>}
    </span>
  );
}

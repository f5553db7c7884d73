import { categoryName, useLabText } from '../i18n';

/** A category as a coloured chip: S green, I/SDD amber, R red, NS/NI and the rest grey. */
export function CategoryTag({
  category,
  original,
  guideline = null,
  year = null,
}: {
  category: string | null;
  original?: string | null;
  guideline?: string | null;
  year?: number | null;
}) {
  const text = useLabText();
  const known = category && ['S', 'I', 'SDD', 'R'].includes(category) ? category : 'other';
  return (
    <span className="mdc-cat-wrap">
      <span
        className={`mdc-cat mdc-cat--${known}`}
        data-testid="category"
        data-category={category ?? ''}
        title={category ? categoryName(text, category, guideline, year) : undefined}
      >
        {category ?? text.result.noCategory}
      </span>
      {original !== undefined && original !== null && original !== category && (
        <span className="mdc-cat__was" title={text.detail.before}>
          {original}
        </span>
      )}
    </span>
  );
}

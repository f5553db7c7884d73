import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useResourceTexts } from '../texts';

/** A labelled control in a filter bar. */
export function Filter({ label, htmlFor, children, wide }: { label: string; htmlFor?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`mdc-res-filter${wide ? ' mdc-res-filter--wide' : ''}`}>
      <label className="mdc-res-filter__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The filters above a list, with a reset when any is set. */
export function FilterBar({ children, active, onReset, testId, extra }: { children: ReactNode; active: boolean; onReset(): void; testId?: string; extra?: ReactNode }) {
  const tx = useResourceTexts();
  return (
    <section className="mdc-res-filters" data-testid={testId}>
      <div className="mdc-res-filters__grid">{children}</div>
      <div className="mdc-res-filters__actions">
        {extra}
        <Button size="small" type="link" onClick={onReset} disabled={!active} data-testid="filters-reset">
          {tx.filters.reset}
        </Button>
      </div>
    </section>
  );
}

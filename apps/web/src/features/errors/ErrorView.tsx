import type { ReactNode } from 'react';
import './errors.css';

/** The shared look of error pages: a large status, a title, an explanation and actions. */
export function ErrorView({
  status,
  title,
  subtitle,
  children,
  actions,
  testId,
}: {
  status: string;
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <section className="mdc-error" data-testid={testId} data-status={status}>
      <div className="mdc-error__card">
        <div className="mdc-error__status" aria-hidden>
          {status}
        </div>
        <h1 className="mdc-error__title">{title}</h1>
        {subtitle && <p className="mdc-error__subtitle">{subtitle}</p>}
        {children}
        {actions && <div className="mdc-error__actions">{actions}</div>}
      </div>
    </section>
  );
}

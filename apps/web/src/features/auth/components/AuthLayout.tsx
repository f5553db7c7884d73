import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import { LogoMark } from '../../../components/header/Logo';
import { authAside as aside } from '../aside';
import './auth.css';


/** Account pages: a short presentation of the portal beside the form (the form alone on phones). */
export function AuthLayout({ title, subtitle, children, testId }: { title: string; subtitle?: string; children: ReactNode; testId: string }) {
  const locale = useLocale();
  const text = aside[locale];
  return (
    <div className="mdc-auth" data-testid={testId}>
      <div className="mdc-auth__panel">
        <aside className="mdc-auth__aside">
          <LogoMark size={40} />
          <h2>{text.title}</h2>
          <ul>
            {text.points.map((point) => (
              <li key={point}>
                <CheckCircleFilled aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <p>{text.note}</p>
        </aside>
        <div className="mdc-auth__form">
          <h1>{title}</h1>
          {subtitle && <p className="mdc-auth__subtitle">{subtitle}</p>}
          {children}
        </div>
      </div>
    </div>
  );
}

/** Result-style account pages (mail sent, link checked) use a single centred card. */
export function AuthCard({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="mdc-auth" data-testid={testId}>
      <div className="mdc-auth__card">{children}</div>
    </div>
  );
}

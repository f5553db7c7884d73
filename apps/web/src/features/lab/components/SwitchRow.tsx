import type { ReactNode } from 'react';

/** A switch (the child) with its label and a line saying what on and off mean. */
export function SwitchRow({ htmlFor, label, hint, className, children }: { htmlFor: string; label: string; hint: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `mdc-lab__switch ${className}` : 'mdc-lab__switch'}>
      {children}
      <div>
        <label htmlFor={htmlFor} className="mdc-lab__switch-label">
          {label}
        </label>
        <div className="mdc-lab__muted">{hint}</div>
      </div>
    </div>
  );
}

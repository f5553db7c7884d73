import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useLocale } from '../../../lib/i18n/hooks';
import { LogoMark } from '../../../components/header/Logo';
import './auth.css';

const aside = {
  zh: {
    title: '临床微生物实验室的数据工作台',
    points: [
      '资源库：LPSN/GBIF 分类学、抗菌药物、CLSI/EUCAST 折点与专家规则',
      '药敏解释：每一个 S / I / R 都给出折点与规则依据',
      '微生物鉴定：16S/18S 序列、基因组、MALDI-TOF 质谱、生化反应与形态学，给出置信水平',
    ],
    note: '登录后，药敏与鉴定记录保存在您的账号下，仅您本人可见。',
  },
  en: {
    title: 'The data workbench of the clinical microbiology lab',
    points: [
      'Resource: LPSN/GBIF taxonomy, antimicrobials, CLSI/EUCAST breakpoints and expert rules',
      'Lab: every S / I / R comes with the breakpoint and rule behind it',
      'Blast: identification by 16S/18S sequence, genome, MALDI-TOF spectrum, biochemistry and morphology, with a confidence level',
    ],
    note: 'Once logged in, your AST and identification records are kept in your account, visible to you only.',
  },
} as const;

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

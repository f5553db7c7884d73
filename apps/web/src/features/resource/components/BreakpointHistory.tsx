import { breakpointLimit } from '@mdc/contracts';
import { useLocale } from '../../../lib/i18n/hooks';
import { historyLabel } from '../lib/history-label';
import { useResource } from '../lib/use-resource';

interface HistoryYear {
  year: number;
  s: number | null;
  r: number | null;
  sdd: boolean;
  referenceTable: string;
  matchedAt: string;
  changed: boolean;
}

interface History {
  organism: { code: string; name: string; nameZh: string | null } | null;
  antibiotic: { code: string; name: string; nameZh: string | null } | null;
  guideline: string | null;
  method: string;
  years: HistoryYear[];
}

const TEXT = {
  zh: {
    title: '折点历年变化',
    s: '敏感 S',
    r: '耐药 R',
    changed: '修订',
    none: '该菌种与药物在此指南中没有折点',
    sdd: '含 SDD',
  },
  en: {
    title: 'Breakpoint history',
    s: 'S',
    r: 'R',
    changed: 'changed',
    none: 'No breakpoint for this organism and drug in this guideline',
    sdd: 'SDD',
  },
};

/**
 * S and R of one organism × drug across every year of a guideline as a compact step chart, the
 * years a limit changed marked: what no peer tool shows.
 */
export function BreakpointHistory({ organism, antibiotic, guideline, method }: { organism: string; antibiotic: string; guideline: string; method: string }) {
  const locale = useLocale();
  const t = TEXT[locale];
  const loaded = useResource<History>('/api/lab/breakpoint-history', { organism, antibiotic, guideline, method });
  const history = loaded.data;
  if (!history) return null;
  const years = history.years;
  const head = `${t.title} · ${history.guideline ?? guideline} · ${history.antibiotic ? (locale === 'zh' && history.antibiotic.nameZh ? history.antibiotic.nameZh : history.antibiotic.name) : antibiotic} · ${history.organism ? (locale === 'zh' && history.organism.nameZh ? history.organism.nameZh : history.organism.name) : organism} · ${method}`;
  if (years.length === 0) {
    return (
      <section className="mdc-bp-history" data-testid="bp-history">
        <h3 className="mdc-bp-history__title">{head}</h3>
        <p className="mdc-res-muted">{t.none}</p>
      </section>
    );
  }
  const disk = method === 'DISK';
  // Published limits (EUCAST "R > 8" shows 8), on a log scale for MIC.
  const shown = (y: HistoryYear, which: 's' | 'r') => {
    const v = y[which];
    return v === null ? null : breakpointLimit(history.guideline ?? guideline, method, which, v).value;
  };
  const values = years.flatMap((y) => [shown(y, 's'), shown(y, 'r')]).filter((v): v is number => v !== null && v > 0);
  const scale = (v: number) => (disk ? v : Math.log2(v));
  const lo = Math.min(...values.map(scale)) - 0.5;
  const hi = Math.max(...values.map(scale)) + 0.5;
  // Drawn small and scaled: at phone width the labels still read (about 10 px).
  const width = 420;
  const height = 130;
  const left = 14;
  const right = 12;
  const top = 14;
  const bottom = 24;
  const step = (width - left - right) / years.length;
  const x = (i: number) => left + i * step;
  const y = (v: number) => top + (height - top - bottom) * (1 - (scale(v) - lo) / (hi - lo || 1));
  const path = (which: 's' | 'r') => {
    let d = '';
    years.forEach((yr, i) => {
      const v = shown(yr, which);
      if (v === null || v <= 0) return;
      d += `${d === '' || shown(years[i - 1]!, which) === null ? 'M' : 'L'}${x(i)},${y(v)} L${x(i + 1)},${y(v)} `;
    });
    return d;
  };
  const label = (yr: HistoryYear, which: 's' | 'r') => historyLabel(history.guideline ?? guideline, method, which, yr[which]!);
  return (
    <section className="mdc-bp-history" data-testid="bp-history">
      <h3 className="mdc-bp-history__title">{head}</h3>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={head} style={{ maxWidth: 540, display: 'block' }}>
        <path d={path('s')} stroke="#23722a" strokeWidth={2.5} fill="none" />
        <path d={path('r')} stroke="#b3261e" strokeWidth={2.5} fill="none" />
        {years.map((yr, i) => (
          <g key={yr.year} data-testid="bp-history-year" data-year={yr.year} data-s={shown(yr, 's') ?? ''} data-r={shown(yr, 'r') ?? ''} data-changed={yr.changed}>
            {yr.changed && <line x1={x(i)} x2={x(i)} y1={top - 4} y2={height - bottom} stroke="#8a5a00" strokeDasharray="3 3" />}
            <text x={x(i) + step / 2} y={height - 8} fontSize={12} textAnchor="middle" fill={yr.changed ? '#8a5a00' : '#6b7685'} fontWeight={yr.changed ? 700 : 400}>
              {years.length > 10 ? String(yr.year).slice(2) : yr.year}
            </text>
            {(i === 0 || yr.changed) && shown(yr, 's') !== null && (
              <text x={x(i) + 3} y={y(shown(yr, 's')!) - 4} fontSize={12} fill="#23722a">
                {label(yr, 's')}
              </text>
            )}
            {(i === 0 || yr.changed) && shown(yr, 'r') !== null && (
              <text x={x(i) + 3} y={y(shown(yr, 'r')!) + 14} fontSize={12} fill="#b3261e">
                {label(yr, 'r')}
              </text>
            )}
          </g>
        ))}
      </svg>
      <div className="mdc-res-muted" style={{ fontSize: 12 }}>
        <span style={{ color: '#23722a' }}>━ {t.s}</span> · <span style={{ color: '#b3261e' }}>━ {t.r}</span> · <span style={{ color: '#8a5a00' }}>┆ {t.changed}</span>
        {' · '}
        {years
          .filter((yr) => yr.changed)
          .map((yr) => `${yr.year} ${yr.referenceTable}${yr.sdd ? ` (${t.sdd})` : ''}`)
          .join(' · ')}
      </div>
    </section>
  );
}

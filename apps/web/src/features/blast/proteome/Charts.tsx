import type { MainSpectrumPeak } from './api';

const MATCHED = '#389e0d';
const UNMATCHED = '#bfbfbf';
const PROFILE = '#2f54eb';

function ticks(from: number, to: number): number[] {
  const step = to - from > 12000 ? 2000 : to - from > 5000 ? 1000 : 500;
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to; v += step) out.push(v);
  return out;
}

const fmtMz = (mz: number) => mz.toFixed(1);

/**
 * The query spectrum above the axis, the reference main spectrum mirrored below it, matched peaks
 * in green: the picture a Biotyper user reads a score from.
 */
export function MirrorChart({
  profile,
  queryPeaks,
  reference,
  matched,
  range,
  labels,
}: {
  profile: [number, number][] | null;
  queryPeaks: { mz: number; intensity: number }[];
  reference: MainSpectrumPeak[];
  matched: { queryMz: number; referenceMz: number }[];
  range: [number, number];
  labels: { query: string; reference: string; species?: string; strain?: string };
}) {
  const width = 960;
  const height = 360;
  const left = 20;
  const right = 20;
  const top = 22;
  const axisGap = 22;
  const half = (height - top - axisGap - 24) / 2;
  const axis = top + half;
  const [from, to] = range;
  const x = (mz: number) => left + ((Math.max(from, Math.min(to, mz)) - from) / (to - from)) * (width - left - right);
  const queryMax = Math.max(1e-12, ...(profile ?? []).map((p) => p[1]), ...queryPeaks.map((p) => p.intensity));
  const refMax = Math.max(1e-12, ...reference.map((p) => p.intensity));
  const up = (v: number) => axis - (Math.max(0, v) / queryMax) * (half - 6);
  const down = (v: number) => axis + axisGap + (v / refMax) * (half - 6);
  const matchedQuery = new Set(matched.map((m) => m.queryMz));
  const matchedReference = new Set(matched.map((m) => m.referenceMz));
  const path = profile && profile.length > 1 ? profile.map(([mz, v], i) => `${i ? 'L' : 'M'}${x(mz).toFixed(1)} ${up(v).toFixed(1)}`).join('') : null;
  return (
    <svg className="mdc-ms-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`${labels.query} / ${labels.reference}`} data-testid="mirror-chart">
      <rect x={left} y={top - 4} width={width - left - right} height={height - top - 20} fill="#fafafa" stroke="#f0f0f0" />
      <text x={width - right - 6} y={top + 12} fontSize="13" fill="#595959" textAnchor="end">
        {labels.query}
      </text>
      <text x={width - right - 6} y={height - 30} fontSize="13" fill="#595959" textAnchor="end">
        {labels.reference}
        {labels.species && <tspan fontStyle="italic">{` ${labels.species}`}</tspan>}
        {labels.strain && <tspan>{` ${labels.strain}`}</tspan>}
      </text>
      {path && <path d={path} fill="none" stroke={PROFILE} strokeWidth="0.8" opacity="0.75" />}
      {queryPeaks.map((p) => {
        const hit = matchedQuery.has(p.mz);
        return (
          <g key={`q${p.mz}`} data-testid={hit ? 'query-peak-matched' : 'query-peak'}>
            {!path && <line x1={x(p.mz)} x2={x(p.mz)} y1={axis} y2={up(p.intensity)} stroke={hit ? MATCHED : UNMATCHED} strokeWidth="1.4" />}
            <circle cx={x(p.mz)} cy={up(p.intensity) - 4} r={hit ? 3 : 2.2} fill={hit ? MATCHED : UNMATCHED}>
              <title>{`m/z ${fmtMz(p.mz)}`}</title>
            </circle>
          </g>
        );
      })}
      {/* The axis band: ticks of both spectra meet here. */}
      <line x1={left} x2={width - right} y1={axis} y2={axis} stroke="#595959" strokeWidth="1" />
      <line x1={left} x2={width - right} y1={axis + axisGap} y2={axis + axisGap} stroke="#595959" strokeWidth="1" />
      {ticks(from, to).map((t) => (
        <text key={t} x={x(t)} y={axis + axisGap / 2 + 4} fontSize="11" textAnchor="middle" fill="#8c8c8c">
          {t}
        </text>
      ))}
      {reference.map((p) => {
        const hit = matchedReference.has(p.mz);
        return (
          <line key={`r${p.mz}`} x1={x(p.mz)} x2={x(p.mz)} y1={axis + axisGap} y2={down(p.intensity)} stroke={hit ? MATCHED : UNMATCHED} strokeWidth="1.6" data-testid={hit ? 'reference-peak-matched' : 'reference-peak'}>
            <title>{`m/z ${fmtMz(p.mz)} · ${Math.round(100 * p.frequency)} %`}</title>
          </line>
        );
      })}
      <text x={width - right - 4} y={height - 6} fontSize="11" textAnchor="end" fill="#8c8c8c">
        m/z
      </text>
    </svg>
  );
}

/** A main spectrum as sticks: height the mean intensity, shade the share of replicates showing the peak. */
export function MainSpectrumChart({ peaks, range }: { peaks: MainSpectrumPeak[]; range: [number, number] }) {
  const width = 960;
  const height = 220;
  const left = 20;
  const right = 20;
  const top = 12;
  const bottom = 26;
  const [from, to] = range;
  const x = (mz: number) => left + ((Math.max(from, Math.min(to, mz)) - from) / (to - from)) * (width - left - right);
  const max = Math.max(1e-12, ...peaks.map((p) => p.intensity));
  const base = height - bottom;
  return (
    <svg className="mdc-ms-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="main spectrum" data-testid="main-spectrum-chart">
      <rect x={left} y={top - 4} width={width - left - right} height={base - top + 4} fill="#fafafa" stroke="#f0f0f0" />
      {peaks.map((p) => (
        <line key={p.mz} x1={x(p.mz)} x2={x(p.mz)} y1={base} y2={base - (p.intensity / max) * (base - top - 4)} stroke="#6a4bb8" strokeOpacity={0.25 + 0.75 * p.frequency} strokeWidth="2" data-testid="main-spectrum-peak">
          <title>{`m/z ${fmtMz(p.mz)} · ${Math.round(100 * p.frequency)} %`}</title>
        </line>
      ))}
      <line x1={left} x2={width - right} y1={base} y2={base} stroke="#595959" />
      {ticks(from, to).map((t) => (
        <text key={t} x={x(t)} y={height - 8} fontSize="11" textAnchor="middle" fill="#8c8c8c">
          {t}
        </text>
      ))}
    </svg>
  );
}

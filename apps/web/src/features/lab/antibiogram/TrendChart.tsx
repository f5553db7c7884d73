/** % susceptible per period as a small line chart; periods without a percentage (n below the minimum) are hollow at their n. */
export function TrendChart({ points }: { points: Array<{ period: string; n: number; percent: number | null }> }) {
  const width = 320;
  const height = 120;
  const pad = { left: 30, right: 10, top: 10, bottom: 22 };
  // Points start clear of the axis labels.
  const inset = 16;
  const span = width - pad.left - pad.right - 2 * inset;
  const step = points.length > 1 ? span / (points.length - 1) : 0;
  const x = (i: number) => pad.left + inset + (points.length > 1 ? i * step : span / 2);
  const y = (pct: number) => pad.top + (1 - pct / 100) * (height - pad.top - pad.bottom);
  const shown = points.map((p, i) => ({ ...p, i })).filter((p) => p.percent !== null);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="mdc-ag__chart" role="img" data-testid="ag-trend-chart">
      {[0, 50, 100].map((v) => (
        <g key={v}>
          <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#e3e7ee" />
          <text x={pad.left - 4} y={y(v) + 3} fontSize="9" textAnchor="end" fill="#6b7685">
            {v}
          </text>
        </g>
      ))}
      {shown.length > 1 && <polyline fill="none" stroke="#0f7b6c" strokeWidth="2" points={shown.map((p) => `${x(p.i)},${y(p.percent!)}`).join(' ')} />}
      {points.map((p, i) => (
        <g key={p.period}>
          {p.percent !== null ? <circle cx={x(i)} cy={y(p.percent)} r="3.5" fill="#0f7b6c" /> : <circle cx={x(i)} cy={y(0)} r="3.5" fill="#fff" stroke="#8a94a3" />}
          <text x={x(i)} y={height - 6} fontSize="9" textAnchor="middle" fill="#6b7685">
            {p.period}
          </text>
          <text x={x(i)} y={p.percent !== null ? y(p.percent) - 6 : y(0) - 6} fontSize="9" textAnchor="middle" fill={p.percent !== null ? '#1c2430' : '#8a94a3'}>
            {p.percent !== null ? `${Math.round(p.percent)}%` : `n=${p.n}`}
          </text>
        </g>
      ))}
    </svg>
  );
}

// A line chart in plain SVG (no chart library: one series, a few hundred points). The figure
// has a text summary for screen readers; the lines are decoration on top of it.
import { useIntl } from 'react-intl';
import { num } from '../shared/format';
import { displayZone } from '../shared/zone';

interface Props {
  label: string;
  /** A null value is a gap: not measured then (the line breaks; never drawn as a zero). */
  points: { t: number; v: number | null }[];
  unit?: string;
  /** The y axis starts here (0 unless given); its top is the largest value, rounded up. */
  min?: number;
}

const W = 600;
const H = 140;
const PAD = { l: 36, r: 8, t: 8, b: 20 };

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / p) * p;
}

export function LineChart({ label, points: all, unit = '', min = 0 }: Props) {
  const intl = useIntl();
  const points = all.filter((p): p is { t: number; v: number } => p.v !== null);
  if (points.length < 2) return <p className="muted chart-empty">{intl.formatMessage({ id: 'ui.chart.notEnough' }, { label })}</p>;
  const t0 = all[0].t;
  const t1 = all[all.length - 1].t;
  const max = niceMax(Math.max(...points.map((p) => p.v)));
  const x = (t: number) => PAD.l + ((t - t0) / Math.max(1, t1 - t0)) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - (v - min) / Math.max(1e-9, max - min)) * (H - PAD.t - PAD.b);
  // A point after a gap (or the first) starts a new stroke.
  const d = all
    .map((p, i) => (p.v === null ? '' : `${i === 0 || all[i - 1].v === null ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`))
    .join('');
  const last = points[points.length - 1].v;
  const avg = points.reduce((n, p) => n + p.v, 0) / points.length;
  const time = (t: number) => intl.formatTime(t, { hour: '2-digit', minute: '2-digit', timeZone: displayZone() });
  const summary = intl.formatMessage(
    { id: 'ui.chart.summary' },
    { label, now: `${num(last)}${unit}`, average: `${num(Number(avg.toFixed(1)))}${unit}`, from: time(t0), to: time(t1) },
  );
  return (
    <figure className="chart">
      <figcaption>
        <span>{label}</span>
        <span className="muted">{intl.formatMessage({ id: 'ui.chart.now' }, { now: `${num(last)}${unit}` })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        {[0, 0.5, 1].map((f) => {
          const v = min + (max - min) * f;
          return (
            <g key={f}>
              <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className="grid" />
              <text x={PAD.l - 4} y={y(v) + 4} textAnchor="end" className="axis">
                {num(Number.isInteger(v) ? v : Number(v.toFixed(1)))}
              </text>
            </g>
          );
        })}
        <text x={PAD.l} y={H - 4} className="axis">
          {time(t0)}
        </text>
        <text x={W - PAD.r} y={H - 4} textAnchor="end" className="axis">
          {time(t1)}
        </text>
        <path d={d} className="line" />
      </svg>
    </figure>
  );
}

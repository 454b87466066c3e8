// Players online as a line in plain SVG: a step with no sample (the game was down, palpanel not
// running) breaks the line instead of drawing zero. Pointer or arrow keys move a cursor whose
// value and time are read out below the chart (and to screen readers, politely).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import type { OnlinePoint } from './api';

const H = 200;

/** The element's width in CSS pixels, followed as it changes: the chart's coordinates are
 * pixels, so its text is never stretched on a narrow screen. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [w, setW] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setW(Math.max(200, Math.round(el.clientWidth))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, w] as const;
}
const PAD = { l: 30, r: 8, t: 10, b: 22 };

const niceMax = (v: number) => (v <= 4 ? 4 : Math.ceil(v / 4) * 4);

export function OnlineChart({ points, stepSec, label }: { points: OnlinePoint[]; stepSec: number; label: string }) {
  const intl = useIntl();
  const [cursor, setCursor] = useState<number | null>(null);
  const [plotRef, W] = useWidth(600);
  const n = points.length;
  const values = points.map((p) => p.players).filter((v): v is number => v !== null);
  const max = niceMax(Math.max(0, ...values));
  const x = (i: number) => PAD.l + (i / Math.max(1, n - 1)) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - v / max) * (H - PAD.t - PAD.b);
  const daily = stepSec < 3600;
  // Axis ticks short (a time of day, or a date), the cursor's reading in full.
  const fmt = (iso: string, long = false) =>
    intl.formatDate(
      iso,
      long
        ? { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
        : daily
          ? { hour: '2-digit', minute: '2-digit' }
          : { day: 'numeric', month: 'short' },
    );

  // Segments between gaps; a lone point between two gaps is drawn as a dot.
  let d = '';
  const dots: number[] = [];
  points.forEach((p, i) => {
    if (p.players === null) return;
    const prev = i > 0 && points[i - 1].players !== null;
    const next = i < n - 1 && points[i + 1].players !== null;
    d += `${prev ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.players).toFixed(1)}`;
    if (!prev && !next) dots.push(i);
  });
  const gaps = points.filter((p) => p.players === null).length;
  const peak = values.length ? Math.max(...values) : 0;
  const summary = intl.formatMessage(
    { id: gaps ? 'activity.chart.summaryGaps' : 'activity.chart.summary' },
    { label, peak, from: fmt(points[0].at, true), to: fmt(points[n - 1].at, true), gaps, n },
  );

  const move = (i: number) => setCursor(Math.max(0, Math.min(n - 1, i)));
  const onKey = (e: KeyboardEvent) => {
    const c = cursor ?? n - 1;
    const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -12, PageDown: 12 }[e.key];
    if (step !== undefined) move(c + step);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(n - 1);
    else if (e.key === 'Escape') setCursor(null);
    else return;
    e.preventDefault();
  };
  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const vx = ((e.clientX - r.left) / r.width) * W;
    move(Math.round(((vx - PAD.l) / (W - PAD.l - PAD.r)) * (n - 1)));
  };
  const cur = cursor === null ? null : points[cursor];
  const ticks = [0, Math.floor(n / 2), n - 1];

  return (
    <figure className="activity-chart">
      <div
        ref={plotRef}
        className="activity-plot"
        tabIndex={0}
        role="group"
        aria-label={intl.formatMessage({ id: 'activity.chart.label' }, { summary })}
        onKeyDown={onKey}
      >
        <svg
          viewBox={`0 0 ${W} ${H}`}
          aria-hidden="true"
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={() => setCursor(null)}
        >
          {[0, 0.5, 1].map((f) => (
            <g key={f}>
              <line x1={PAD.l} x2={W - PAD.r} y1={y(max * f)} y2={y(max * f)} className="grid" />
              <text x={PAD.l - 4} y={y(max * f) + 4} textAnchor="end" className="axis">
                {intl.formatNumber(max * f)}
              </text>
            </g>
          ))}
          {ticks.map((i, k) => (
            <text key={i} x={x(i)} y={H - 5} textAnchor={k === 0 ? 'start' : k === 2 ? 'end' : 'middle'} className="axis">
              {fmt(points[i].at)}
            </text>
          ))}
          <path d={d} className="line" />
          {dots.map((i) => (
            <circle key={i} cx={x(i)} cy={y(points[i].players!)} r={2.5} className="dot" />
          ))}
          {cur && cursor !== null && (
            <g className="cursor">
              <line x1={x(cursor)} x2={x(cursor)} y1={PAD.t} y2={H - PAD.b} />
              {cur.players !== null && <circle cx={x(cursor)} cy={y(cur.players)} r={4} />}
            </g>
          )}
        </svg>
      </div>
      <Readout point={cur} at={cur ? fmt(cur.at, true) : ''} />
    </figure>
  );
}

/** The cursor's point read out under the chart (and to screen readers, politely). */
function Readout({ point, at }: { point: OnlinePoint | null; at: string }) {
  const intl = useIntl();
  return (
    <figcaption className="activity-readout" aria-live="polite" data-testid="readout">
      {point ? (
        intl.formatMessage(
          { id: 'activity.chart.reading' },
          {
            at: <time dateTime={point.at}>{at}</time>,
            value:
              point.players === null ? (
                <span className="muted">{intl.formatMessage({ id: 'activity.chart.noSample' })}</span>
              ) : (
                <strong>{intl.formatMessage({ id: 'activity.chart.online' }, { count: point.players })}</strong>
              ),
          },
        )
      ) : (
        <span className="muted">{intl.formatMessage({ id: 'activity.chart.hint' })}</span>
      )}
    </figcaption>
  );
}

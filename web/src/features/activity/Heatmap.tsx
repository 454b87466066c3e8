// Hours played per weekday and hour (UTC), summed over players: a 7 × 24 grid whose shade is
// the share of the busiest cell, with a legend; each cell names its value on hover.
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const CELL = 20;
const LEFT = 34;
const TOP = 16;

export function Heatmap({ hours }: { hours: number[][] }) {
  const max = Math.max(0, ...hours.flat());
  let best = { d: 0, h: 0, v: 0 };
  hours.forEach((row, d) => row.forEach((v, h) => v > best.v && (best = { d, h, v })));
  const summary =
    max === 0
      ? 'No hours played in this range.'
      : `Hours played per weekday and hour, UTC. Busiest: ${DAYS[best.d]} ${String(best.h).padStart(2, '0')}:00 with ${best.v} hours.`;
  const shade = (v: number) => (v === 0 ? 0 : 0.15 + 0.85 * (v / max));
  const w = LEFT + 24 * CELL;
  const h = TOP + 7 * CELL;
  return (
    <figure className="activity-heatmap">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={summary}>
        {[0, 6, 12, 18].map((hr) => (
          <text key={hr} x={LEFT + hr * CELL + 2} y={11} className="axis">
            {String(hr).padStart(2, '0')}
          </text>
        ))}
        {hours.map((row, d) => (
          <g key={d}>
            <text x={LEFT - 6} y={TOP + d * CELL + 14} textAnchor="end" className="axis">
              {DAYS[d]}
            </text>
            {row.map((v, hr) => (
              <rect
                key={hr}
                x={LEFT + hr * CELL + 1}
                y={TOP + d * CELL + 1}
                width={CELL - 2}
                height={CELL - 2}
                rx={3}
                className="cell"
                fillOpacity={shade(v)}
              >
                <title>{`${DAYS[d]} ${String(hr).padStart(2, '0')}:00–${String(hr + 1).padStart(2, '0')}:00 UTC: ${v} h played`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="activity-legend small">
        <span>Less</span>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <svg key={f} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" rx="2" className="cell" fillOpacity={f === 0 ? 0 : 0.15 + 0.85 * f} />
          </svg>
        ))}
        <span>More</span>
        <span className="muted">(busiest cell: {max} h; times in UTC)</span>
      </figcaption>
    </figure>
  );
}

// Hours played per weekday and hour (UTC), summed over players: a 7 × 24 grid whose shade is
// the share of the busiest cell, with a legend; each cell names its value on hover. Weekdays and
// hours are written by Intl in the UI's language.
import { useIntl } from 'react-intl';

const CELL = 20;
const LEFT = 34;
const TOP = 16;

/** `zone`: the zone the rows and hours are in, named in the words. */
export function Heatmap({ hours, zone = 'UTC' }: { hours: number[][]; zone?: string }) {
  const intl = useIntl();
  // 2024-01-01 was a Monday: the rows run Monday to Sunday.
  const DAYS = [0, 1, 2, 3, 4, 5, 6].map((d) => intl.formatDate(Date.UTC(2024, 0, 1 + d), { weekday: 'short', timeZone: 'UTC' }));
  const clock = (hr: number) =>
    intl.formatTime(Date.UTC(2024, 0, 1, hr % 24), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  const two = (hr: number) => intl.formatNumber(hr, { minimumIntegerDigits: 2 });
  const num = (v: number) => intl.formatNumber(v, { maximumFractionDigits: 1 });
  const max = Math.max(0, ...hours.flat());
  let best = { d: 0, h: 0, v: 0 };
  hours.forEach((row, d) => row.forEach((v, h) => v > best.v && (best = { d, h, v })));
  const summary =
    max === 0
      ? intl.formatMessage({ id: 'activity.heat.none' })
      : intl.formatMessage({ id: 'activity.heat.summary' }, { zone, day: DAYS[best.d], at: clock(best.h), hours: best.v });
  const shade = (v: number) => (v === 0 ? 0 : 0.15 + 0.85 * (v / max));
  const w = LEFT + 24 * CELL;
  const h = TOP + 7 * CELL;
  return (
    <figure className="activity-heatmap">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={summary}>
        {[0, 6, 12, 18].map((hr) => (
          <text key={hr} x={LEFT + hr * CELL + 2} y={11} className="axis">
            {two(hr)}
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
                <title>
                  {intl.formatMessage(
                    { id: 'activity.heat.cell' },
                    { day: DAYS[d], from: clock(hr), to: hr === 23 ? '24:00' : clock(hr + 1), zone, hours: num(v) },
                  )}
                </title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="activity-legend small">
        <span>{intl.formatMessage({ id: 'activity.heat.less' })}</span>
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <svg key={f} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
            <rect width="12" height="12" rx="2" className="cell" fillOpacity={f === 0 ? 0 : 0.15 + 0.85 * f} />
          </svg>
        ))}
        <span>{intl.formatMessage({ id: 'activity.heat.more' })}</span>
        <span className="muted">{intl.formatMessage({ id: 'activity.heat.legend' }, { max: num(max), zone })}</span>
      </figcaption>
    </figure>
  );
}

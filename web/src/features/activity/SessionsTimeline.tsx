// One player's sessions over the last 30 days as bars on a day axis (GET /players/{uid}/sessions),
// with the total in words; each bar names its start and length on hover.
import { useIntl } from 'react-intl';
import { span, when } from '../../shared/format';
import { usePlayerSessions } from './api';
import { Async, Empty } from '../../ui/states';

const W = 600;
const H = 44;

export function SessionsTimeline({ uid }: { uid: string }) {
  const r = usePlayerSessions(uid, 30);
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `activity.sessions.${id}` }, values);
  return (
    <Async r={r} what={t('loading')}>
      {(s) => {
        if (s.sessions.length === 0) return <Empty>{t('empty')}</Empty>;
        const t0 = Date.parse(s.from);
        const t1 = Date.parse(s.to);
        const x = (t: number) => ((Math.max(t0, t) - t0) / (t1 - t0)) * W;
        const totalSec = s.sessions.reduce((a, x1) => a + (Date.parse(x1.endedAt) - Math.max(t0, Date.parse(x1.startedAt))) / 1000, 0);
        const summary = t('summary', { count: s.sessions.length, played: span(totalSec) });
        return (
          <figure className="activity-timeline">
            <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={summary}>
              {[0, 7, 14, 21, 28].map((d) => (
                <line key={d} x1={x(t1 - d * 86_400_000)} x2={x(t1 - d * 86_400_000)} y1={0} y2={H - 14} className="grid" />
              ))}
              {s.sessions.map((x1) => {
                const a = x(Date.parse(x1.startedAt));
                const b = x(Date.parse(x1.endedAt));
                return (
                  <rect
                    key={x1.startedAt}
                    x={a}
                    y={6}
                    width={Math.max(1.5, b - a)}
                    height={H - 26}
                    className={x1.open ? 'bar open' : 'bar'}
                  >
                    <title>
                      {t(x1.open ? 'barOpen' : 'bar', {
                        at: when(x1.startedAt),
                        length: span((Date.parse(x1.endedAt) - Date.parse(x1.startedAt)) / 1000),
                      })}
                    </title>
                  </rect>
                );
              })}
            </svg>
            <figcaption className="small muted activity-timeline-axis">
              <span>{t('start')}</span>
              <span>{summary}</span>
              <span>{t('now')}</span>
            </figcaption>
          </figure>
        );
      }}
    </Async>
  );
}

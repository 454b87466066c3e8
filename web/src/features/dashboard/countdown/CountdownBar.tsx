// The shutdown or restart countdown running now, on the dashboard and the tasks screen: "Shutdown
// in 4:32", what players hear next, and (for an admin, until the game has the last step) Cancel,
// after which players are told. Nothing is drawn while no countdown runs.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAction } from '../../../api/hooks';
import { useNow } from '../../../shared/use-now';
import { useIsAdmin } from '../../../shared/session';
import { ErrorNote } from '../../../ui/states';
import { countdownChanged, useCountdown } from './use-countdown';
import { cancelCountdown } from '../api';

/** Seconds as m:ss (h:mm:ss past an hour). */
export function clockOf(sec: number): string {
  const s = Math.max(0, Math.ceil(sec));
  const two = (n: number) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

export function CountdownBar() {
  const admin = useIsAdmin();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `dashboard.countdown.${id}` }, values);
  const r = useCountdown();
  const now = useNow(1000);
  const act = useAction();
  const [said, setSaid] = useState<string | null>(null);
  const c = r.data;
  const cancel = async () => {
    if ((await act.run(() => cancelCountdown())) !== undefined) {
      setSaid(t('cancelled', { kind: c?.kind ?? 'shutdown' }));
      countdownChanged();
    }
  };
  if (!c)
    return said ? (
      <p className="muted small" role="status">
        {said}
      </p>
    ) : null;
  const by = c.startedBy.replace(/^user:/, '');
  const next =
    c.nextStepAt && c.nextWords
      ? t('next', { clock: clockOf((Date.parse(c.nextStepAt) - now) / 1000), words: c.nextWords, by })
      : t('last', { by });
  return (
    <section className="countdown-bar" aria-label={t('label', { kind: c.kind })}>
      <strong className="countdown-clock">
        {intl.formatMessage(
          { id: 'dashboard.countdown.in' },
          { kind: c.kind, clock: clockOf((Date.parse(c.endsAt) - now) / 1000), b: (x) => x },
        )}
      </strong>
      <span className="muted small">{next}</span>
      {admin && c.cancellable && (
        <button type="button" disabled={act.busy} onClick={() => void cancel()}>
          {act.busy ? t('cancelling') : t('cancel', { kind: c.kind })}
        </button>
      )}
      <ErrorNote error={act.error} />
    </section>
  );
}

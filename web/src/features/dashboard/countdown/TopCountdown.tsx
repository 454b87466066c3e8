// The countdown in the top bar, on every screen while one runs (issue 38: it showed only on the
// dashboard): "Shutdown in 4:32", a link to the dashboard, where its steps and Cancel are.
// Nothing is drawn while none runs.
import { useIntl } from 'react-intl';
import { Link } from '../../../shared/router';
import { useNow } from '../../../shared/use-now';
import { clockOf } from './CountdownBar';
import { useCountdown } from './use-countdown';

export function TopCountdown() {
  const intl = useIntl();
  const r = useCountdown();
  const now = useNow(1000);
  const c = r.data;
  if (!c) return null;
  return (
    <Link href="/" className="top-countdown" title={intl.formatMessage({ id: 'dashboard.countdown.topTitle' })}>
      <span aria-hidden="true" className="top-countdown-dot" />
      {intl.formatMessage(
        { id: 'dashboard.countdown.in' },
        { kind: c.kind, clock: clockOf((Date.parse(c.endsAt) - now) / 1000), b: (x) => <strong>{x}</strong> },
      )}
    </Link>
  );
}

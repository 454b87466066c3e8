// The countdown in the top bar, on every screen while one runs (issue 38: it showed only on the
// dashboard): "Shutdown in 4:32", a link to the dashboard, where its steps and Cancel are.
// Nothing is drawn while none runs.
import { Link } from '../../../shared/router';
import { useNow } from '../../../shared/use-now';
import { clockOf } from './CountdownBar';
import { useCountdown } from './use-countdown';

export function TopCountdown() {
  const r = useCountdown();
  const now = useNow(1000);
  const c = r.data;
  if (!c) return null;
  const what = c.kind === 'restart' ? 'Restart' : 'Shutdown';
  return (
    <Link href="/" className="top-countdown" title="The dashboard has its steps and Cancel">
      <span aria-hidden="true" className="top-countdown-dot" />
      {what} in <strong>{clockOf((Date.parse(c.endsAt) - now) / 1000)}</strong>
    </Link>
  );
}

// SERVICE_REQUIRE_2FA: a user whose role must sign in with a second factor, and has none yet,
// sees only this until it is on (the server answers every other route 403 meanwhile).
import { useTitle } from '../../shared/router';
import type { Me } from '../../types';
import { TotpCard } from './TotpCard';

export function EnrolFirst({ me, onDone, signOut }: { me: Me; onDone: () => void; signOut: () => void }) {
  useTitle('Set up two-factor sign-in');
  return (
    <main className="login enrol-first">
      <div className="login-card stack">
        <h1>palpanel</h1>
        <p>
          Signed in as <strong>{me.username}</strong> ({me.role}). This panel requires two-factor sign-in for your role: set it up to
          continue.
        </p>
        <TotpCard onEnabled={onDone} />
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </div>
    </main>
  );
}

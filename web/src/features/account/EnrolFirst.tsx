// SERVICE_REQUIRE_2FA: a user whose role must sign in with a second factor, and has none yet,
// sees only this until it is on (the server answers every other route 403 meanwhile).
import { FormattedMessage, useIntl } from 'react-intl';
import { useTitle } from '../../shared/router';
import type { Me } from '../../types';
import { TotpCard } from './TotpCard';
import { PRODUCT } from '../../ui/glyphs';

export function EnrolFirst({ me, onDone, signOut }: { me: Me; onDone: () => void; signOut: () => void }) {
  const intl = useIntl();
  useTitle(intl.formatMessage({ id: 'account.enrolFirst.title' }));
  return (
    <main className="login enrol-first">
      <div className="login-card stack">
        <h1 translate="no">{PRODUCT}</h1>
        <p>
          <FormattedMessage
            id="account.enrolFirst.body"
            values={{ name: me.username, role: intl.formatMessage({ id: `app.role.${me.role}` }), b: (c) => <strong>{c}</strong> }}
          />
        </p>
        <TotpCard onEnabled={onDone} />
        <button type="button" className="link" onClick={signOut}>
          {intl.formatMessage({ id: 'account.enrolFirst.signOut' })}
        </button>
      </div>
    </main>
  );
}

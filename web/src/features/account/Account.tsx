// The signed-in user's own account, for every role: the password (the current one asked), the
// sessions (where each signed in from, this one marked; end one, or all but this one) and
// two-factor sign-in.
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULE } from '../../../../src/contract/account-words';
import { useAction } from '../../api/hooks';
import { ago, when } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { useSession } from '../../shared/session';
import { useNow } from '../../shared/use-now';
import { describeAgent } from '../../shared/user-agent';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';
import { changeOwnPassword, endOtherSessions, endOwnSession, useOwnSessions } from './api';
import { TotpCard } from './TotpCard';

export function Account() {
  useTitle('Account');
  const { me } = useSession();
  return (
    <>
      <PageHead title="Account">
        <span className="muted">
          {me.username} · {me.role}
        </span>
      </PageHead>
      <div className="grid">
        <SessionsCard />
        <TotpCard />
        <PasswordCard />
      </div>
    </>
  );
}

function SessionsCard() {
  const sessions = useOwnSessions({ refreshMs: 30000 });
  const end = useAction();
  const now = useNow();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const stop = async (id?: string) => {
    if ((await end.run(() => (id ? endOwnSession(id) : endOtherSessions()))) !== undefined) sessions.reload();
  };
  return (
    <Card
      title="Your sessions"
      className="wide-card"
      actions={
        // With no other session there is nothing to end: no button that does nothing.
        others > 0 && (
          <button type="button" disabled={end.busy} onClick={() => void stop()}>
            Sign out everywhere else
          </button>
        )
      }
    >
      <ErrorNote error={end.error} />
      <Async r={sessions} what="Reading your sessions">
        {(rows) => (
          <ul className="session-list">
            {rows.map((s) => (
              <li key={s.id} className={s.current ? 'current' : undefined}>
                <div className="session-what">
                  <strong>{describeAgent(s.userAgent)}</strong> {s.current && <Badge tone="info">this session</Badge>}
                </div>
                <div className="muted small">
                  {s.address ?? 'address unknown'} · signed in {when(s.createdAt)} · last used {ago(s.lastSeenAt, now)}
                </div>
                {!s.current && (
                  <button type="button" className="link danger-text" disabled={end.busy} onClick={() => void stop(s.id)}>
                    Sign out
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Async>
      {sessions.data && others === 0 && <p className="muted small">You are signed in nowhere else.</p>}
    </Card>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const act = useAction();
  const mismatch = again.length > 0 && again !== password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    if ((await act.run(() => changeOwnPassword(current, password))) !== undefined) {
      setCurrent('');
      setPassword('');
      setAgain('');
      setDone(true);
    }
  };
  return (
    <Card title="Password">
      <form onSubmit={(e) => void submit(e)}>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label="New password"
          hint={PASSWORD_RULE}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {mismatch && <p className="warn-text small">The two new passwords differ.</p>}
        <ErrorNote error={act.error} />
        {done && (
          <p className="ok-text small" role="status">
            Password changed. Your other sessions have ended.
          </p>
        )}
        <button type="submit" className="primary" disabled={act.busy || mismatch || password.length < PASSWORD_MIN_LENGTH}>
          Change password
        </button>
      </form>
    </Card>
  );
}

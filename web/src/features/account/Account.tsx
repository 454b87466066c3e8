// The signed-in user's own account, for every role: the password (the current one asked), the
// sessions (where each signed in from, this one marked; end one, or all but this one) and
// two-factor sign-in.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { PASSWORD_MIN_LENGTH } from '../../../../src/contract/account-words';
import { useAction } from '../../api/hooks';
import { ago, when } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { useSession } from '../../shared/session';
import { useNow } from '../../shared/use-now';
import { agentWords } from './agent-words';
import { Badge, Card, PageHead } from '../../ui/bits';
import { Field } from '../../ui/fields';
import { Async, ErrorNote } from '../../ui/states';
import { changeOwnPassword, endOtherSessions, endOwnSession, useOwnSessions } from './api';
import { TotpCard } from './TotpCard';

export function Account() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'account.title' });
  useTitle(title);
  const { me } = useSession();
  return (
    <>
      <PageHead title={title}>
        <span className="muted">
          <span translate="no">{me.username}</span> · {intl.formatMessage({ id: `app.role.${me.role}` })}
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const stop = async (id?: string) => {
    if ((await end.run(() => (id ? endOwnSession(id) : endOtherSessions()))) !== undefined) sessions.reload();
  };
  return (
    <Card
      title={t('account.sessions.title')}
      className="wide-card"
      actions={
        // With no other session there is nothing to end: no button that does nothing.
        others > 0 && (
          <button type="button" disabled={end.busy} onClick={() => void stop()}>
            {t('account.sessions.endOthers')}
          </button>
        )
      }
    >
      <ErrorNote error={end.error} />
      <Async r={sessions} what={t('account.sessions.reading')}>
        {(rows) => (
          <ul className="session-list">
            {rows.map((s) => (
              <li key={s.id} className={s.current ? 'current' : undefined}>
                <div className="session-what">
                  <strong>{agentWords(intl, s.userAgent)}</strong> {s.current && <Badge tone="info">{t('account.sessions.this')}</Badge>}
                </div>
                <div className="muted small">
                  {t('account.sessions.line', {
                    address: s.address ?? t('account.sessions.addressUnknown'),
                    signedIn: when(s.createdAt),
                    used: ago(s.lastSeenAt, now),
                  })}
                </div>
                {!s.current && (
                  <button type="button" className="link danger-text" disabled={end.busy} onClick={() => void stop(s.id)}>
                    {t('account.sessions.signOut')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Async>
      {sessions.data && others === 0 && <p className="muted small">{t('account.sessions.nowhereElse')}</p>}
    </Card>
  );
}

function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const act = useAction();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
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
    <Card title={t('account.password.title')}>
      <form onSubmit={(e) => void submit(e)}>
        <Field
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <Field
          label={t('account.password.new')}
          hint={t('account.password.rule', { min: PASSWORD_MIN_LENGTH })}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('account.password.again')}
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {mismatch && <p className="warn-text small">{t('account.password.differ')}</p>}
        <ErrorNote error={act.error} />
        {done && (
          <p className="ok-text small" role="status">
            {t('account.password.changed')}
          </p>
        )}
        <button type="submit" className="primary" disabled={act.busy || mismatch || password.length < PASSWORD_MIN_LENGTH}>
          {t('account.password.change')}
        </button>
      </form>
    </Card>
  );
}

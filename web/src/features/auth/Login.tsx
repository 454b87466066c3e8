// Sign in, in two steps: the user name and password, then (for a user with two-factor sign-in)
// the code from the app or a recovery code. A wrong answer says which step failed as little as
// the API does: "incorrect", never which part. The login throttle's answers are said in words:
// when too many failures from this address hold it back, how long to wait.
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../../api/http';
import { authSetup, getMe, login } from './api';
import { useTitle } from '../../shared/router';
import type { Me } from '../../types';
import { span } from '../../shared/format';
import { Field } from '../../ui/fields';
import { ErrorNote } from '../../ui/states';
import { PRODUCT } from '../../ui/glyphs';

function say(intl: IntlShape, err: unknown, step: 'password' | 'code'): string {
  if (!(err instanceof ApiError)) return String(err);
  if (err.code === 'invalid_credentials') return intl.formatMessage({ id: step === 'code' ? 'auth.wrongCode' : 'auth.wrongPassword' });
  if (err.status === 429)
    return err.retryAfter
      ? intl.formatMessage({ id: 'auth.throttled.wait' }, { wait: span(err.retryAfter) })
      : intl.formatMessage({ id: 'auth.throttled' });
  return err.message;
}

/** Whether no panel user exists yet (GET /auth/setup); false while unknown. */
function useNoUserYet(): boolean {
  const [none, setNone] = useState(false);
  useEffect(() => {
    let live = true;
    authSetup()
      .then((r) => live && setNone(!r.data.usersExist))
      .catch(() => undefined); // the form works without it
    return () => void (live = false);
  }, []);
  return none;
}

export function Login({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  useTitle(t('auth.title'));
  const noUserYet = useNoUserYet();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(username, password, step === 'code' ? code.trim() : undefined);
      // The login answer is the spec's {username, role}; /auth/me adds the stored language.
      onSignedIn(await getMe());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'totp_required') {
        setStep('code');
      } else if (step === 'code' && err instanceof ApiError && (err.code === 'invalid_credentials' || err.status === 429)) {
        // A wrong code, or a wait the throttle asks for: still the code step.
        setError(say(intl, err, step));
        setCode('');
      } else {
        setError(say(intl, err, step));
        setPassword('');
        setCode('');
        setStep('password');
      }
    } finally {
      setBusy(false);
    }
  };
  const back = () => {
    setStep('password');
    setPassword('');
    setCode('');
    setError(null);
  };

  if (step === 'code')
    return <CodeStep username={username} code={code} setCode={setCode} error={error} busy={busy} submit={submit} back={back} />;

  return (
    <main className="login">
      <form className="card login-card" onSubmit={(e) => void submit(e)}>
        <h1 translate="no">{PRODUCT}</h1>
        <p className="muted">{t('auth.intro')}</p>
        {noUserYet && (
          <p className="warn-text" role="status">
            <FormattedMessage
              id="auth.noUserYet"
              values={{
                add: <code translate="no">palpanel users add &lt;name&gt; --role admin</code>,
                dataDir: <code translate="no">--data-dir</code>,
                inContainer: <code translate="no">docker compose exec palpanel palpanel users add &lt;name&gt; --role admin</code>,
              }}
            />
          </p>
        )}
        <Field
          label={t('auth.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorNote error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t(busy ? 'auth.signingIn' : 'auth.signIn')}
        </button>
      </form>
    </main>
  );
}

/** The second step: the code from the app (or a recovery code) for `username`. */
function CodeStep(p: {
  username: string;
  code: string;
  setCode: (c: string) => void;
  error: string | null;
  busy: boolean;
  submit: (e: FormEvent) => Promise<void>;
  back: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { username, code, setCode, error, busy, submit, back } = p;
  return (
    <main className="login">
      <form className="card login-card" onSubmit={(e) => void submit(e)}>
        <h1 translate="no">{PRODUCT}</h1>
        <p className="muted">
          <FormattedMessage
            id="auth.codeStep"
            values={{
              user: (
                <strong translate="no" key="user">
                  {username}
                </strong>
              ),
            }}
          />
        </p>
        <Field
          label={t('auth.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={64}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
        <ErrorNote error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t(busy ? 'auth.checking' : 'auth.signIn')}
        </button>
        <button type="button" className="link" onClick={back}>
          {t('auth.anotherAccount')}
        </button>
      </form>
    </main>
  );
}

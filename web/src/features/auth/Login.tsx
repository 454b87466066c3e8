// Sign in, in two steps: the user name and password, then (for a user with two-factor sign-in)
// the code from the app or a recovery code. A wrong answer says which step failed as little as
// the API does: "incorrect", never which part. The login throttle's answers are said in words:
// when too many failures from this address hold it back, how long to wait.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { authSetup, login } from './api';
import { useTitle } from '../../shared/router';
import type { Me } from '../../types';
import { span } from '../../shared/format';
import { Field } from '../../ui/fields';
import { ErrorNote } from '../../ui/states';

function say(err: unknown, step: 'password' | 'code'): string {
  if (!(err instanceof ApiError)) return String(err);
  if (err.code === 'invalid_credentials')
    return step === 'code'
      ? 'The code is incorrect, or was used already. Type the code the app shows now.'
      : 'The username or password is incorrect.';
  if (err.status === 429) {
    const wait = err.retryAfter ? ` Try again in ${span(err.retryAfter)}.` : ' Wait a while before trying again.';
    return `Too many failed sign-ins from this address.${wait}`;
  }
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
  useTitle('Sign in');
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
      onSignedIn(await login(username, password, step === 'code' ? code.trim() : undefined));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'totp_required') {
        setStep('code');
      } else if (step === 'code' && err instanceof ApiError && (err.code === 'invalid_credentials' || err.status === 429)) {
        // A wrong code, or a wait the throttle asks for: still the code step.
        setError(say(err, step));
        setCode('');
      } else {
        setError(say(err, step));
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
    return (
      <main className="login">
        <form className="card login-card" onSubmit={(e) => void submit(e)}>
          <h1>palpanel</h1>
          <p className="muted">
            Signing in as <strong>{username}</strong>. Type the 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          <Field
            label="Code"
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
            {busy ? 'Checking…' : 'Sign in'}
          </button>
          <button type="button" className="link" onClick={back}>
            Use another account
          </button>
        </form>
      </main>
    );

  return (
    <main className="login">
      <form className="card login-card" onSubmit={(e) => void submit(e)}>
        <h1>palpanel</h1>
        <p className="muted">Sign in to manage your Palworld server.</p>
        {noUserYet && (
          <p className="warn-text" role="status">
            No panel user exists yet. Create the first admin on the server, as the user palpanel runs as:{' '}
            <code>palpanel users add &lt;name&gt; --role admin</code> (with <code>--data-dir</code> naming palpanel’s data dir; in a
            container: <code>docker compose exec palpanel palpanel users add &lt;name&gt; --role admin</code>). palpanel’s log shows the
            exact command.
          </p>
        )}
        <Field
          label="Username"
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorNote error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

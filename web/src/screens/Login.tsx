// Sign in. The login throttle's answers are said in words: a wrong password, and when too many
// failures from this address hold it back, how long to wait.
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { useTitle } from '../router';
import type { Me } from '../types';
import { span } from '../format';
import { Field } from '../ui/fields';
import { ErrorNote } from '../ui/states';

function say(err: unknown): string {
  if (!(err instanceof ApiError)) return String(err);
  if (err.code === 'invalid_credentials') return 'The username or password is incorrect.';
  if (err.status === 429) {
    const wait = err.retryAfter ? ` Try again in ${span(err.retryAfter)}.` : ' Wait a while before trying again.';
    return `Too many failed sign-ins from this address.${wait}`;
  }
  return err.message;
}

export function Login({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  useTitle('Sign in');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api.post<Me>('/auth/login', { username, password }));
    } catch (err) {
      setError(say(err));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={(e) => void submit(e)}>
        <h1>palpanel</h1>
        <p className="muted">Sign in to manage your Palworld server.</p>
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

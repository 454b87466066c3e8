// The app: sign-in gate, then the shell (navigation, the screen of the path). The session is
// asked of the server once at start (`/auth/me`); any 401 later brings the sign-in back.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, onSignedOut } from './api/http';
import { getMe, logout } from './features/auth/api';
import { AllMessages, useLanguage } from './i18n/I18nProvider';
import type { Me } from './types';
import { Loading, ErrorNote } from './ui/states';
import { Login } from './features/auth/Login';

// Every screen is in Shell.tsx's chunk, asked for once signed in: the sign-in page loads only itself.
const SignedIn = lazy(() => import('./Shell').then((m) => ({ default: m.SignedIn })));

export function App() {
  const intl = useIntl();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [bootError, setBootError] = useState<string | null>(null);

  const check = useCallback(() => {
    getMe()
      .then(setMe)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) setMe(null);
        else setBootError(err instanceof Error ? err.message : String(err));
      });
  }, []);
  useEffect(check, [check]);
  const retry = () => {
    setBootError(null);
    check();
  };
  useEffect(() => onSignedOut(() => setMe(null)), []);
  // The user's language from the store once known; signed out (the sign-in page), the browser's.
  const { setLanguage } = useLanguage();
  useEffect(() => {
    if (me !== undefined) setLanguage(me?.language ?? null);
  }, [me, setLanguage]);

  const signOut = useCallback(() => {
    void logout()
      .catch(() => undefined)
      .finally(() => setMe(null));
  }, []);

  if (me === undefined) {
    return (
      <main className="boot">
        {bootError ? <ErrorNote error={bootError} retry={retry} /> : <Loading what={intl.formatMessage({ id: 'app.opening' })} />}
      </main>
    );
  }
  if (me === null) return <Login onSignedIn={setMe} />;
  // Signed in: every screen's words (the sign-in page loaded only its own).
  const waiting = (
    <main className="boot">
      <Loading what={intl.formatMessage({ id: 'app.opening' })} />
    </main>
  );
  return (
    <AllMessages waiting={waiting}>
      <Suspense fallback={waiting}>
        <SignedIn me={me} signOut={signOut} onEnrolled={check} />
      </Suspense>
    </AllMessages>
  );
}

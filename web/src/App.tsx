// The app: sign-in gate, then the shell (navigation, the screen of the path). The session is
// asked of the server once at start (`/auth/me`); any 401 later brings the sign-in back.
import { useCallback, useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { ApiError, onSignedOut } from './api/http';
import { getMe, logout } from './features/auth/api';
import { Link, navigate, usePath } from './shared/router';
import { SessionContext } from './shared/session';
import { useTheme, type Theme } from './shared/theme';
import type { Me } from './types';
import { CommandPalette } from './features/palette/CommandPalette';
import { SelectField } from './ui/fields';
import { Loading, ErrorNote } from './ui/states';
import { Login } from './features/auth/Login';
import { Dashboard } from './features/dashboard/Dashboard';
import { Players } from './features/players/Players';
import { PlayerDetail } from './features/players/PlayerDetail';
import { Guilds } from './features/guilds/Guilds';
import { GuildDetail } from './features/guilds/GuildDetail';
import { Pals } from './features/pals/Pals';
import { MapScreen } from './features/map/MapScreen';
import { Backups } from './features/backups/Backups';
import { Console } from './features/console/Console';
import { GameLog } from './features/game-log/GameLog';
import { Config } from './features/config/Config';
import { Items } from './features/items/Items';
import { Tasks } from './features/tasks/Tasks';
import { Settings } from './features/settings/Settings';
import { Moderation } from './features/moderation/Moderation';
import { Diagnostics } from './features/diagnostics/Diagnostics';
import { Activity } from './features/activity/Activity';
import { Crashes } from './features/host/Crashes';

interface Screen {
  path: string;
  label: string;
  adminOnly?: boolean;
  render: (rest: string) => ReactNode;
}

const SCREENS: Screen[] = [
  { path: '/', label: 'Dashboard', render: () => <Dashboard /> },
  { path: '/players', label: 'Players', render: (rest) => (rest ? <PlayerDetail uid={decodeURIComponent(rest)} /> : <Players />) },
  { path: '/activity', label: 'Activity', render: () => <Activity /> },
  { path: '/moderation', label: 'Moderation', render: () => <Moderation /> },
  { path: '/guilds', label: 'Guilds', render: (rest) => (rest ? <GuildDetail id={decodeURIComponent(rest)} /> : <Guilds />) },
  { path: '/pals', label: 'Pals', render: () => <Pals /> },
  { path: '/map', label: 'Map', render: () => <MapScreen /> },
  { path: '/backups', label: 'Backups', render: () => <Backups /> },
  { path: '/console', label: 'Console', adminOnly: true, render: () => <Console /> },
  { path: '/game-log', label: 'Game log', adminOnly: true, render: () => <GameLog /> },
  { path: '/config', label: 'Configuration', render: () => <Config /> },
  { path: '/items', label: 'Item grants', adminOnly: true, render: () => <Items /> },
  { path: '/tasks', label: 'Tasks', adminOnly: true, render: () => <Tasks /> },
  { path: '/crashes', label: 'Crashes', adminOnly: true, render: () => <Crashes /> },
  { path: '/diagnostics', label: 'Diagnostics', render: () => <Diagnostics /> },
  { path: '/settings', label: 'Settings', adminOnly: true, render: () => <Settings /> },
];

function screenOf(path: string): { screen: Screen | undefined; rest: string } {
  if (path === '/' || path === '') return { screen: SCREENS[0], rest: '' };
  const s = SCREENS.find((x) => x.path !== '/' && (path === x.path || path.startsWith(x.path + '/')));
  return { screen: s, rest: s ? path.slice(s.path.length + 1) : '' };
}

export function App() {
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

  const signOut = useCallback(() => {
    void logout()
      .catch(() => undefined)
      .finally(() => setMe(null));
  }, []);

  if (me === undefined) {
    return <main className="boot">{bootError ? <ErrorNote error={bootError} retry={retry} /> : <Loading what="Opening palpanel" />}</main>;
  }
  if (me === null) return <Login onSignedIn={setMe} />;
  return (
    <SessionContext.Provider value={{ me, signOut }}>
      <Shell me={me} signOut={signOut} />
    </SessionContext.Provider>
  );
}

function Shell({ me, signOut }: { me: Me; signOut: () => void }) {
  const path = usePath();
  const [menu, setMenu] = useState(false);
  const [palette, setPalette] = useState(false);
  const navId = useId();
  const [theme, setTheme] = useTheme();
  const themeOptions = (
    <>
      <option value="system">System theme</option>
      <option value="dark">Dark</option>
      <option value="light">Light</option>
    </>
  );
  const pickTheme = (e: ChangeEvent<HTMLSelectElement>) => setTheme(e.target.value as Theme);
  const visible = SCREENS.filter((s) => !s.adminOnly || me.role === 'admin');
  const { screen, rest } = screenOf(path);
  const allowed = screen && (!screen.adminOnly || me.role === 'admin');

  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menu} aria-controls={navId} onClick={() => setMenu(!menu)}>
          <span aria-hidden="true">☰</span>
          <span className="sr-only">Menu</span>
        </button>
        <Link href="/" className="brand">
          palpanel
        </Link>
        <div className="topbar-right">
          <button
            type="button"
            className="palette-button"
            aria-haspopup="dialog"
            aria-keyshortcuts="Control+K Meta+K"
            onClick={() => setPalette(true)}
          >
            <span aria-hidden="true">⌕</span> Go to… <kbd className="palette-keys">Ctrl K</kbd>
          </button>
          <SelectField hideLabel label="Theme" className="theme-pick" value={theme} onChange={pickTheme}>
            {themeOptions}
          </SelectField>
          <span className="who" title={`Signed in as ${me.username} (${me.role})`}>
            {me.username} <span className="muted">· {me.role}</span>
          </span>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav id={navId} className={menu ? 'open' : ''} aria-label="Screens">
        <ul>
          {visible.map((s) => {
            const active = s.path === '/' ? path === '/' : path === s.path || path.startsWith(s.path + '/');
            return (
              <li key={s.path}>
                <Link href={s.path} aria-current={active ? 'page' : undefined} onClick={() => setMenu(false)}>
                  {s.label}
                </Link>
              </li>
            );
          })}
        </ul>
        {/* On a phone the header has no room for it: the theme is chosen in the menu. */}
        <div className="nav-theme">
          <SelectField label="Theme" fieldClass="field narrow" value={theme} onChange={pickTheme}>
            {themeOptions}
          </SelectField>
          <p className="muted small">
            Signed in as {me.username} ({me.role})
          </p>
        </div>
      </nav>
      <CommandPalette screens={visible} open={palette} setOpen={setPalette} />
      <main id="main" tabIndex={-1}>
        {allowed ? (
          screen.render(rest)
        ) : (
          <div className="card">
            <h1>{screen ? 'Admins only' : 'No such screen'}</h1>
            <p>{screen ? 'This screen is for admins; your role is viewer.' : `Nothing lives at ${path}.`}</p>
            <button type="button" onClick={() => navigate('/')}>
              Go to the dashboard
            </button>
          </div>
        )}
      </main>
    </div>
  );
}

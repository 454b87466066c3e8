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
import { Account } from './features/account/Account';
import { EnrolFirst } from './features/account/EnrolFirst';
import { roleAtLeast, type Role } from '../../src/contract/vocabulary';
import { Events } from './features/events/Events';
import { TopCountdown } from './features/dashboard/countdown/TopCountdown';
import { Crashes } from './features/host/Crashes';

interface Screen {
  path: string;
  label: string;
  /** The least role that sees it (docs/roles.md); every signed-in user when absent. */
  least?: Role;
  render: (rest: string) => ReactNode;
}

const SCREENS: Screen[] = [
  { path: '/', label: 'Dashboard', render: () => <Dashboard /> },
  { path: '/players', label: 'Players', render: (rest) => (rest ? <PlayerDetail uid={decodeURIComponent(rest)} /> : <Players />) },
  { path: '/activity', label: 'Activity', render: () => <Activity /> },
  { path: '/events', label: 'Events', render: () => <Events /> },
  { path: '/moderation', label: 'Moderation', render: () => <Moderation /> },
  { path: '/guilds', label: 'Guilds', render: (rest) => (rest ? <GuildDetail id={decodeURIComponent(rest)} /> : <Guilds />) },
  { path: '/pals', label: 'Pals', render: () => <Pals /> },
  { path: '/map', label: 'Map', render: () => <MapScreen /> },
  { path: '/backups', label: 'Backups', render: () => <Backups /> },
  { path: '/console', label: 'Console', least: 'moderator', render: () => <Console /> },
  { path: '/game-log', label: 'Game log', least: 'admin', render: () => <GameLog /> },
  { path: '/config', label: 'Configuration', render: () => <Config /> },
  { path: '/items', label: 'Item grants', least: 'admin', render: () => <Items /> },
  { path: '/tasks', label: 'Tasks', least: 'admin', render: () => <Tasks /> },
  { path: '/crashes', label: 'Crashes', least: 'admin', render: () => <Crashes /> },
  { path: '/diagnostics', label: 'Diagnostics', render: () => <Diagnostics /> },
  { path: '/settings', label: 'Settings', least: 'admin', render: () => <Settings /> },
  { path: '/account', label: 'Account', render: () => <Account /> },
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
  // SERVICE_REQUIRE_2FA: until the second factor is on, this session may only set it up.
  if (me.totpEnrolmentRequired)
    return (
      <SessionContext.Provider value={{ me, signOut }}>
        <EnrolFirst me={me} onDone={check} signOut={signOut} />
      </SessionContext.Provider>
    );
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
  const sees = (s: Screen) => !s.least || roleAtLeast(me.role, s.least);
  const visible = SCREENS.filter(sees);
  const { screen, rest } = screenOf(path);
  const allowed = screen && sees(screen);

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
        <TopCountdown />
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
          <Link href="/account" className="who" title={`Signed in as ${me.username} (${me.role}): your account`}>
            {me.username} <span className="muted">· {me.role}</span>
          </Link>
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
            <h1>{screen ? (screen.least === 'admin' ? 'Admins only' : 'Moderators and admins only') : 'No such screen'}</h1>
            <p>{screen ? `This screen is not for your role (${me.role}).` : `Nothing lives at ${path}.`}</p>
            <button type="button" onClick={() => navigate('/')}>
              Go to the dashboard
            </button>
          </div>
        )}
      </main>
    </div>
  );
}

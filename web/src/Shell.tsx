// The signed-in app: the shell (navigation, the screen of the path) and every screen, in a chunk
// of its own loaded after sign-in, so the sign-in page (the first page) carries none of it.
import { GLYPH, PRODUCT } from './ui/glyphs';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, navigate, usePath } from './shared/router';
import { SessionContext } from './shared/session';
import { ShellChoices } from './i18n/ShellChoices';
import type { Me } from './types';
import { CommandPalette } from './features/palette/CommandPalette';
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
import { WorldItems } from './features/items/WorldItems';
import { BaseScreen, Bases } from './features/items/BaseScreen';
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
  /** The message id of its name. */
  label: string;
  /** The least role that sees it (docs/roles.md); every signed-in user when absent. */
  least?: Role;
  render: (rest: string) => ReactNode;
}

const SCREENS: Screen[] = [
  { path: '/', label: 'app.screen.dashboard', render: () => <Dashboard /> },
  {
    path: '/players',
    label: 'app.screen.players',
    render: (rest) => (rest ? <PlayerDetail uid={decodeURIComponent(rest)} /> : <Players />),
  },
  { path: '/activity', label: 'app.screen.activity', render: () => <Activity /> },
  { path: '/events', label: 'app.screen.events', render: () => <Events /> },
  { path: '/moderation', label: 'app.screen.moderation', render: () => <Moderation /> },
  { path: '/guilds', label: 'app.screen.guilds', render: (rest) => (rest ? <GuildDetail id={decodeURIComponent(rest)} /> : <Guilds />) },
  { path: '/bases', label: 'app.screen.bases', render: (rest) => (rest ? <BaseScreen id={decodeURIComponent(rest)} /> : <Bases />) },
  { path: '/pals', label: 'app.screen.pals', render: () => <Pals /> },
  { path: '/world-items', label: 'app.screen.worldItems', render: () => <WorldItems /> },
  { path: '/map', label: 'app.screen.map', render: () => <MapScreen /> },
  { path: '/backups', label: 'app.screen.backups', render: () => <Backups /> },
  { path: '/console', label: 'app.screen.console', least: 'moderator', render: () => <Console /> },
  { path: '/game-log', label: 'app.screen.gameLog', least: 'admin', render: () => <GameLog /> },
  { path: '/config', label: 'app.screen.config', render: () => <Config /> },
  { path: '/items', label: 'app.screen.itemGrants', least: 'admin', render: () => <Items /> },
  { path: '/tasks', label: 'app.screen.tasks', least: 'admin', render: () => <Tasks /> },
  { path: '/crashes', label: 'app.screen.crashes', least: 'admin', render: () => <Crashes /> },
  { path: '/diagnostics', label: 'app.screen.diagnostics', render: () => <Diagnostics /> },
  { path: '/settings', label: 'app.screen.settings', least: 'admin', render: () => <Settings /> },
  { path: '/account', label: 'app.screen.account', render: () => <Account /> },
];

function screenOf(path: string): { screen: Screen | undefined; rest: string } {
  if (path === '/' || path === '') return { screen: SCREENS[0], rest: '' };
  const s = SCREENS.find((x) => x.path !== '/' && (path === x.path || path.startsWith(x.path + '/')));
  return { screen: s, rest: s ? path.slice(s.path.length + 1) : '' };
}

/** What a signed-in user sees: the shell, or only the second factor's setup while
 * SERVICE_REQUIRE_2FA asks it of them and they have none yet. */
export function SignedIn({ me, signOut, onEnrolled }: { me: Me; signOut: () => void; onEnrolled: () => void }) {
  return (
    <SessionContext.Provider value={{ me, signOut }}>
      {me.totpEnrolmentRequired ? <EnrolFirst me={me} onDone={onEnrolled} signOut={signOut} /> : <Shell me={me} signOut={signOut} />}
    </SessionContext.Provider>
  );
}

function Shell({ me, signOut }: { me: Me; signOut: () => void }) {
  const path = usePath();
  const [menu, setMenu] = useState(false);
  const [palette, setPalette] = useState(false);
  const navId = useId();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const sees = (s: Screen) => !s.least || roleAtLeast(me.role, s.least);
  const visible = SCREENS.filter(sees).map((s) => ({ ...s, label: t(s.label) }));
  const { screen, rest } = screenOf(path);
  const allowed = screen && sees(screen);

  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <button type="button" className="menu-button" aria-expanded={menu} aria-controls={navId} onClick={() => setMenu(!menu)}>
          <span aria-hidden="true">{GLYPH.menu}</span>
          <span className="sr-only">{t('app.menu')}</span>
        </button>
        <Link href="/" className="brand" translate="no">
          {PRODUCT}
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
            <span aria-hidden="true">{GLYPH.search}</span> {t('app.goTo')} <kbd className="palette-keys">Ctrl K</kbd>
          </button>
          <ShellChoices where="top" />
          <Link href="/account" className="who" title={t('app.who.title', { name: me.username, role: t(`app.role.${me.role}`) })}>
            <span translate="no">{me.username}</span>{' '}
            <span className="muted">
              {GLYPH.dot} {t(`app.role.${me.role}`)}
            </span>
          </Link>
          <button type="button" onClick={signOut}>
            {t('app.signOut')}
          </button>
        </div>
      </header>
      <nav id={navId} className={menu ? 'open' : ''} aria-label={t('app.screens')}>
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
        {/* On a phone the header has no room for them: language, time zone and theme are chosen in the menu. */}
        <div className="nav-theme">
          <ShellChoices where="menu" />
          <p className="muted small">
            <FormattedMessage id="app.signedInAs" values={{ name: me.username, role: t(`app.role.${me.role}`) }} />
          </p>
        </div>
      </nav>
      <CommandPalette screens={visible} open={palette} setOpen={setPalette} />
      <main id="main" tabIndex={-1}>
        {allowed ? (
          screen.render(rest)
        ) : (
          <div className="card">
            <h1>
              {t(screen ? (screen.least === 'admin' ? 'app.denied.adminsOnly' : 'app.denied.moderatorsOnly') : 'app.denied.noScreen')}
            </h1>
            <p>{screen ? t('app.denied.notYourRole', { role: t(`app.role.${me.role}`) }) : t('app.denied.nothingAt', { path })}</p>
            <button type="button" onClick={() => navigate('/')}>
              {t('app.denied.toDashboard')}
            </button>
          </div>
        )}
      </main>
    </div>
  );
}

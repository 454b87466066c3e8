// What the palette lists: the screens, an admin's actions and saved commands, and (once
// something is typed) players, guilds and bases; each entry goes somewhere or asks first.
import type { IntlShape } from 'react-intl';
import { navigate } from '../../shared/router';
import type { Guild, Player, SavedCommand } from '../../types';
import { createBackup, saveWorld } from './api';

export interface PaletteScreen {
  path: string;
  label: string;
}

export type Kind = 'Screen' | 'Action' | 'Player' | 'Guild' | 'Base' | 'Saved command';

export interface Entry {
  id: string;
  kind: Kind;
  label: string;
  /** Words after the label (a player's level and guild, a command's text). */
  hint?: string;
  /** Found only once something is typed (players, guilds and bases would flood the empty list). */
  searchOnly?: boolean;
  run: () => void;
}

/** The questions the palette asks before doing something. */
export type Ask = { what: 'announce' } | { what: 'kick' | 'ban'; player: Player } | { what: 'saved'; command: SavedCommand };

export const askKey = (a: Ask | null) =>
  a === null ? 'none' : a.what === 'saved' ? `saved:${a.command.id}` : a.what === 'announce' ? 'announce' : `${a.what}:${a.player.uid}`;

/** A saved command with a player placeholder needs a player: the console asks for one. */
export const needsPlayer = (c: SavedCommand) => /\{(userId|playerId|name)\}/.test(c.command);

/** Moves focus to the screen after a jump, so the keyboard continues from there. */
export function go(to: string) {
  navigate(to);
  requestAnimationFrame(() => {
    document.getElementById('main')?.focus();
    // Already on the screen (e.g. another guild of the Guilds screen): the screen's own scroll
    // to the #anchor ran before; scroll here.
    const hash = to.split('#')[1];
    if (hash) document.getElementById(hash)?.scrollIntoView();
  });
}

/** Everything the palette can find, for this account and what has been read. */
export function paletteEntries({
  screens,
  admin,
  moderator,
  saved,
  players,
  guilds,
  act,
  setAsk,
  intl,
}: {
  screens: PaletteScreen[];
  admin: boolean;
  /** A moderator or an admin: kick, ban and announce. */
  moderator: boolean;
  saved: SavedCommand[] | undefined;
  players: Player[] | undefined;
  guilds: Guild[] | undefined;
  act: (fn: () => Promise<unknown>, done: string) => Promise<void>;
  setAsk: (a: Ask) => void;
  intl: IntlShape;
}): Entry[] {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const out: Entry[] = screens.map((s) => ({ id: `screen:${s.path}`, kind: 'Screen', label: s.label, run: () => go(s.path) }));
  if (moderator) out.push({ id: 'action:announce', kind: 'Action', label: t('palette.announce'), run: () => setAsk({ what: 'announce' }) });
  if (admin) {
    out.push(
      {
        id: 'action:save',
        kind: 'Action',
        label: t('palette.save'),
        run: () => void act(() => saveWorld(), t('palette.saved')),
      },
      {
        id: 'action:backup',
        kind: 'Action',
        label: t('palette.backup'),
        run: () =>
          void act(async () => {
            await createBackup();
            go('/backups');
            return true; // useAction reads undefined as a failure
          }, t('palette.backingUp')),
      },
    );
    for (const c of saved ?? [])
      out.push({
        id: `saved:${c.id}`,
        kind: 'Saved command',
        label: t('palette.run', { name: c.name }),
        hint: needsPlayer(c) ? t('palette.needsPlayer', { command: c.command }) : c.command,
        run: () => (needsPlayer(c) ? go('/console') : setAsk({ what: 'saved', command: c })),
      });
  }
  for (const p of players ?? []) {
    const name = p.name || t('palette.noName');
    out.push({
      id: `player:${p.uid}`,
      kind: 'Player',
      label: name,
      hint: [
        t(p.online ? 'palette.online' : 'palette.offline'),
        t('palette.level', { level: p.level }),
        p.guildName,
        p.banned ? t('palette.banned') : null,
      ]
        .filter(Boolean)
        .join(' · '),
      searchOnly: true,
      run: () => go(`/players/${encodeURIComponent(p.uid)}`),
    });
    if (moderator && p.online)
      out.push({
        id: `kick:${p.uid}`,
        kind: 'Action',
        label: t('palette.kick', { name }),
        searchOnly: true,
        run: () => setAsk({ what: 'kick', player: p }),
      });
    if (moderator && !p.banned)
      out.push({
        id: `ban:${p.uid}`,
        kind: 'Action',
        label: t('palette.ban', { name }),
        searchOnly: true,
        run: () => setAsk({ what: 'ban', player: p }),
      });
  }
  for (const g of guilds ?? []) {
    out.push({
      id: `guild:${g.id}`,
      kind: 'Guild',
      label: g.displayName,
      hint: t('palette.guildHint', { members: g.memberCount, bases: g.bases.length }),
      searchOnly: true,
      run: () => go(`/guilds#guild-${g.id}`),
    });
    for (const b of g.bases)
      if (b.location)
        out.push({
          id: `base:${b.id}`,
          kind: 'Base',
          label: b.displayName,
          hint: t('palette.baseHint', { guild: g.displayName, level: b.level }),
          searchOnly: true,
          run: () => go(`/map?focus=${encodeURIComponent(b.id)}`),
        });
  }
  return out;
}

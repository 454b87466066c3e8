// The command palette (Ctrl-K or ⌘-K, or the header's button): one box that finds a screen, a
// player, a guild, a base, a saved console command or an action, and goes there or does it.
// Arrow keys move, Enter chooses, Escape closes; the native modal <dialog> keeps focus inside.
// What an account may not do is not listed at all (a viewer finds places, never actions), and
// what cannot be taken back (kick, ban, a console command) asks first in the usual dialog.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { api, type Data, type Page } from '../../api/http';
import { useApi, useAction, useData } from '../../api/hooks';
import { navigate } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { Guild, Player, SavedCommand } from '../../types';
import { Dialog } from '../../ui/dialog';
import { Field, TextAreaField } from '../../ui/fields';
import { fuzzyFilter } from '../../ui/fuzzy';

export interface PaletteScreen {
  path: string;
  label: string;
}

type Kind = 'Screen' | 'Action' | 'Player' | 'Guild' | 'Base' | 'Saved command';

interface Entry {
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
type Ask = { what: 'announce' } | { what: 'kick' | 'ban'; player: Player } | { what: 'saved'; command: SavedCommand };

const askKey = (a: Ask | null) =>
  a === null ? 'none' : a.what === 'saved' ? `saved:${a.command.id}` : a.what === 'announce' ? 'announce' : `${a.what}:${a.player.uid}`;

const SHOWN = 40;
/** A saved command with a player placeholder needs a player: the console asks for one. */
const needsPlayer = (c: SavedCommand) => /\{(userId|playerId|name)\}/.test(c.command);

/** Tab and Shift-Tab go round the palette's own controls (the modal dialog makes the page
 * inert, but would let focus leave for the browser's toolbar). */
function keepFocusInside(e: KeyboardEvent<HTMLDivElement>) {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>('input, button')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  }
}

/** Moves focus to the screen after a jump, so the keyboard continues from there. */
function go(to: string) {
  navigate(to);
  requestAnimationFrame(() => {
    document.getElementById('main')?.focus();
    // Already on the screen (e.g. another guild of the Guilds screen): the screen's own scroll
    // to the #anchor ran before; scroll here.
    const hash = to.split('#')[1];
    if (hash) document.getElementById(hash)?.scrollIntoView();
  });
}

export function CommandPalette({ screens, open, setOpen }: { screens: PaletteScreen[]; open: boolean; setOpen: (o: boolean) => void }) {
  const admin = useIsAdmin();
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listId = useId();

  // Ctrl-K / ⌘-K anywhere opens (or closes) it; a question being asked (the palette's own, or a
  // screen's dialog such as a restore) keeps it closed.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (!ask && !document.querySelector('dialog[open]:not(.palette)')) setOpen(!open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, setOpen, ask]);

  // The query is cleared as it closes (while rendering the closed palette), not as it opens: cleared
  // by an effect on opening, the first frame of the open palette still held the last query, and
  // keys typed into it landed after that text.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (!open) {
      setQuery('');
      setActive(0);
    }
  }

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Read each time it opens: the players online now, the guilds of the last parse.
  const players = useApi<Page<Player>>(open ? '/players?limit=500' : null);
  const guilds = useData<Guild[]>(open ? '/guilds' : null);
  const saved = useData<SavedCommand[]>(open && admin ? '/console/saved' : null);
  const loading = players.loading || guilds.loading || (admin && saved.loading);
  const failed = [players.error && 'players', guilds.error && 'guilds', admin && saved.error && 'saved commands'].filter(Boolean);

  const run = useAction();
  const perform = run.run;
  const act = useCallback(
    async (fn: () => Promise<unknown>, done: string) => {
      setNotice(null);
      // A failure stays in run.error: said in the question's dialog, or (an action that asked
      // nothing) where its success would have been.
      if ((await perform(fn)) !== undefined) {
        setAsk(null);
        setNotice(done);
      }
    },
    [perform],
  );

  const entries = useMemo((): Entry[] => {
    const out: Entry[] = screens.map((s) => ({ id: `screen:${s.path}`, kind: 'Screen', label: s.label, run: () => go(s.path) }));
    if (admin) {
      out.push(
        { id: 'action:announce', kind: 'Action', label: 'Announce to every player…', run: () => setAsk({ what: 'announce' }) },
        {
          id: 'action:save',
          kind: 'Action',
          label: 'Save the world now',
          run: () => void act(() => api.post('/server/save'), 'The game saved the world.'),
        },
        {
          id: 'action:backup',
          kind: 'Action',
          label: 'Back up now',
          run: () =>
            void act(async () => {
              await api.post('/backups', {});
              go('/backups');
              return true; // useAction reads undefined as a failure
            }, 'A backup is being made: the Backups screen lists it once it is verified.'),
        },
      );
      for (const c of saved.data ?? [])
        out.push({
          id: `saved:${c.id}`,
          kind: 'Saved command',
          label: `Run “${c.name}”`,
          hint: needsPlayer(c) ? `${c.command} (needs a player: opens the console)` : c.command,
          run: () => (needsPlayer(c) ? go('/console') : setAsk({ what: 'saved', command: c })),
        });
    }
    for (const p of players.data?.data ?? []) {
      const name = p.name || '(no name)';
      out.push({
        id: `player:${p.uid}`,
        kind: 'Player',
        label: name,
        hint: [p.online ? 'online' : 'offline', `level ${p.level}`, p.guildName, p.banned ? 'banned' : null].filter(Boolean).join(' · '),
        searchOnly: true,
        run: () => go(`/players/${encodeURIComponent(p.uid)}`),
      });
      if (admin && p.online)
        out.push({
          id: `kick:${p.uid}`,
          kind: 'Action',
          label: `Kick ${name}…`,
          searchOnly: true,
          run: () => setAsk({ what: 'kick', player: p }),
        });
      if (admin && !p.banned)
        out.push({
          id: `ban:${p.uid}`,
          kind: 'Action',
          label: `Ban ${name}…`,
          searchOnly: true,
          run: () => setAsk({ what: 'ban', player: p }),
        });
    }
    for (const g of guilds.data ?? []) {
      out.push({
        id: `guild:${g.id}`,
        kind: 'Guild',
        label: g.displayName,
        hint: `${g.memberCount} ${g.memberCount === 1 ? 'member' : 'members'} · ${g.bases.length} ${g.bases.length === 1 ? 'base' : 'bases'}`,
        searchOnly: true,
        run: () => go(`/guilds#guild-${g.id}`),
      });
      for (const b of g.bases)
        if (b.location)
          out.push({
            id: `base:${b.id}`,
            kind: 'Base',
            label: b.displayName,
            hint: `${g.displayName} · level ${b.level} · on the map`,
            searchOnly: true,
            run: () => go(`/map?focus=${encodeURIComponent(b.id)}`),
          });
    }
    return out;
  }, [screens, admin, saved.data, players.data, guilds.data, act]);

  const typed = query.trim() !== '';
  const found = useMemo(
    () =>
      fuzzyFilter(
        query,
        entries.filter((e) => typed || !e.searchOnly),
        (e) => `${e.label} ${e.kind === 'Screen' ? '' : (e.hint ?? '')}`,
      ).slice(0, SHOWN),
    [entries, query, typed],
  );
  const current = found[Math.min(active, found.length - 1)];

  const choose = (e: Entry | undefined) => {
    if (!e) return;
    // Closed now, before the entry runs: closing gives focus back to where it was, which must
    // happen before a question's dialog takes it.
    ref.current?.close();
    setOpen(false);
    e.run();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = found.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (n > 0) setActive((a) => (Math.min(a, n - 1) + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Home' || e.key === 'End') {
      if (n === 0) return;
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : n - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(current);
    }
  };
  useEffect(() => {
    if (current) document.getElementById(`${listId}-${current.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [current, listId]);

  return (
    <>
      <dialog ref={ref} className="palette" aria-label="Command palette" onClose={() => setOpen(false)}>
        {open && (
          <div className="palette-body" onKeyDown={keepFocusInside}>
            <div className="palette-top">
              <Field
                hideLabel
                label="Find a screen, player, guild, base or action"
                type="text"
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
                autoComplete="off"
                spellCheck={false}
                placeholder="Go to or do… (a screen, player, guild, base or action)"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
              <button type="button" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
            <ul id={listId} role="listbox" aria-label="Results" className="palette-list">
              {found.map((e) => (
                <li
                  key={e.id}
                  id={`${listId}-${e.id}`}
                  role="option"
                  aria-selected={e === current}
                  className={e === current ? 'active' : undefined}
                  onMouseMove={() => setActive(found.indexOf(e))}
                  onClick={() => choose(e)}
                >
                  <span className="palette-label">{e.label}</span>
                  {e.hint && <span className="palette-hint muted">{e.hint}</span>}
                  <span className="palette-kind">{e.kind}</span>
                </li>
              ))}
            </ul>
            <p className="palette-foot muted" role="status">
              {found.length === 0
                ? `Nothing matches “${query.trim()}”.`
                : typed && loading
                  ? 'Reading players and guilds…'
                  : failed.length > 0
                    ? `The ${failed.join(' and ')} could not be read; screens and actions are listed.`
                    : typed
                      ? `${found.length === SHOWN ? `The first ${SHOWN}` : found.length} ${found.length === 1 ? 'match' : 'matches'}. Enter chooses.`
                      : `Type to find players, guilds and bases too. ↑ ↓ move, Enter chooses, Esc closes.`}
            </p>
          </div>
        )}
      </dialog>
      {notice && (
        <div className="palette-notice card" role="status">
          <span>{notice}</span>
          <button type="button" className="link" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
      {!ask && run.error && (
        <div className="palette-notice card error-note" role="alert">
          <span>{run.error}</span>
          <button type="button" className="link" onClick={run.clear}>
            Dismiss
          </button>
        </div>
      )}
      {/* Keyed by the question: each one starts with an empty field. */}
      <PaletteQuestion key={askKey(ask)} ask={ask} busy={run.busy} error={run.error} act={act} close={() => (setAsk(null), run.clear())} />
    </>
  );
}

/** The question a chosen entry asks before it acts: the reason for a kick or ban, the message of
 * an announcement, the saved command about to be sent. */
function PaletteQuestion({
  ask,
  busy,
  error,
  act,
  close,
}: {
  ask: Ask | null;
  busy: boolean;
  error: string | null;
  act: (fn: () => Promise<unknown>, done: string) => Promise<void>;
  close: () => void;
}) {
  const [text, setText] = useState('');
  if (!ask) return null;
  if (ask.what === 'announce')
    return (
      <Dialog
        open
        title="Announce to every player"
        confirm="Announce"
        busy={busy}
        error={error}
        canConfirm={text.trim().length > 0}
        onConfirm={() => void act(() => api.post('/server/announce', { message: text }), 'Announced.')}
        onClose={close}
      >
        <TextAreaField label="Message" maxLength={500} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </Dialog>
    );
  if (ask.what === 'saved')
    return (
      <Dialog
        open
        title={`Run “${ask.command.name}”?`}
        confirm="Run"
        danger
        busy={busy}
        error={error}
        onConfirm={() =>
          void act(
            () => api.post<Data<{ reply: string }>>('/console/exec', { savedId: ask.command.id }),
            `Ran “${ask.command.name}”. The console’s log has the reply.`,
          )
        }
        onClose={close}
      >
        <p>
          palpanel sends this to the game through RCON: <code>{ask.command.command}</code>
        </p>
      </Dialog>
    );
  const p = ask.player;
  const name = p.name || '(no name)';
  const kick = ask.what === 'kick';
  return (
    <Dialog
      open
      title={`${kick ? 'Kick' : 'Ban'} ${name}?`}
      confirm={kick ? 'Kick' : 'Ban'}
      danger
      busy={busy}
      error={error}
      onConfirm={() =>
        void act(
          () => api.post(`/players/${encodeURIComponent(p.uid)}/${ask.what}`, text.trim() ? { reason: text.trim() } : {}),
          kick ? `${name} was kicked.` : `${name} is banned.`,
        )
      }
      onClose={close}
    >
      {!kick && !p.userId && <p className="warn-text">This player was never seen online, so the game has no platform id to ban yet.</p>}
      <Field
        label={`Reason (kept in the audit log${kick ? ', told to the player' : ''})`}
        maxLength={200}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Dialog>
  );
}

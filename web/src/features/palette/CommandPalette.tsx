// The command palette (Ctrl-K or ⌘-K, or the header's button): one box that finds a screen, a
// player, a guild, a base, a saved console command or an action, and goes there or does it.
// Arrow keys move, Enter chooses, Escape closes; the native modal <dialog> keeps focus inside.
// What an account may not do is not listed at all (a viewer finds places, never actions), and
// what cannot be taken back (kick, ban, a console command) asks first in the usual dialog.
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useAction } from '../../api/hooks';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import { Field } from '../../ui/fields';
import { fuzzyFilter } from '../../ui/fuzzy';
import { useGuilds, usePlayers, useSavedCommands } from './api';
import { useLanguageEntries } from '../../i18n/choose-language';
import { askKey, paletteEntries, type Ask, type Entry, type Kind, type PaletteScreen } from './entries';
import { PaletteQuestion } from './PaletteQuestion';

export type { PaletteScreen };

const SHOWN = 40;

const KIND_WORDS: Record<Kind, string> = {
  Screen: 'palette.kind.screen',
  Action: 'palette.kind.action',
  Player: 'palette.kind.player',
  Guild: 'palette.kind.guild',
  Base: 'palette.kind.base',
  'Saved command': 'palette.kind.saved',
};

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

export function CommandPalette({ screens, open, setOpen }: { screens: PaletteScreen[]; open: boolean; setOpen: (o: boolean) => void }) {
  const admin = useIsAdmin();
  const moderator = useCanModerate();
  const ref = useRef<HTMLDialogElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const listId = useId();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });

  usePaletteKeys(open, setOpen, ask);

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

  useModal(ref, open);

  const { players, guilds, saved, loading, failed } = usePaletteLists(open, admin);

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

  const entries = useMemo(
    () =>
      paletteEntries({ screens, admin, moderator, saved: saved.data, players: players.data?.data, guilds: guilds.data, act, setAsk, intl }),
    [screens, admin, moderator, saved.data, players.data, guilds.data, act, intl],
  );

  const languages = useLanguageEntries();
  const typed = query.trim() !== '';
  const found = useMemo(
    () =>
      fuzzyFilter(
        query,
        [...entries, ...languages].filter((e) => typed || !e.searchOnly),
        (e) => `${e.label} ${e.kind === 'Screen' ? '' : (e.hint ?? '')}`,
      ).slice(0, SHOWN),
    [entries, languages, query, typed],
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
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => moveWithKeys(e, found.length, setActive, () => choose(current));

  return (
    <>
      <dialog ref={ref} className="palette" aria-label={t('palette.title')} onClose={() => setOpen(false)}>
        {open && (
          <div className="palette-body" onKeyDown={keepFocusInside}>
            <div className="palette-top">
              <Field
                hideLabel
                label={t('palette.find')}
                type="text"
                role="combobox"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('palette.placeholder')}
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={onKeyDown}
              />
              <button type="button" onClick={() => setOpen(false)}>
                {t('palette.close')}
              </button>
            </div>
            <PaletteList listId={listId} found={found} current={current} setActive={setActive} choose={choose} />
            <p className="palette-foot muted" role="status">
              {footWords(intl, { found: found.length, query, typed, loading, failed })}
            </p>
          </div>
        )}
      </dialog>
      <PaletteNotices notice={notice} error={ask ? null : run.error} dismissNotice={() => setNotice(null)} dismissError={run.clear} />
      {/* Keyed by the question: each one starts with an empty field. */}
      <PaletteQuestion key={askKey(ask)} ask={ask} busy={run.busy} error={run.error} act={act} close={() => (setAsk(null), run.clear())} />
    </>
  );
}

/** Read each time it opens: the players online now, the guilds of the last parse, an admin's
 * saved commands; which are still loading and which could not be read. */
function usePaletteLists(open: boolean, admin: boolean) {
  const players = usePlayers(open);
  const guilds = useGuilds(open);
  const saved = useSavedCommands(open && admin);
  const loading = players.loading || guilds.loading || (admin && saved.loading);
  const failed = [players.error && 'players', guilds.error && 'guilds', admin && saved.error && 'saved'].filter(
    (x): x is Failed => typeof x === 'string',
  );
  return { players, guilds, saved, loading, failed };
}

/** Ctrl-K / ⌘-K anywhere opens (or closes) it; a question being asked (the palette's own, or a
 * screen's dialog such as a restore) keeps it closed. */
function usePaletteKeys(open: boolean, setOpen: (o: boolean) => void, ask: Ask | null) {
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
}

/** The native modal dialog shown while the palette is open. */
function useModal(ref: RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [ref, open]);
}

/** The lists that could not be read, as the foot names them. */
type Failed = 'players' | 'guilds' | 'saved';

function footWords(
  intl: IntlShape,
  { found, query, typed, loading, failed }: { found: number; query: string; typed: boolean; loading: boolean; failed: Failed[] },
): string {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return found === 0
    ? t('palette.foot.none', { query: query.trim() })
    : typed && loading
      ? t('palette.foot.reading')
      : failed.length > 0
        ? t('palette.foot.failed', { lists: intl.formatList(failed.map((f) => t(`palette.failed.${f}`))) })
        : typed
          ? found === SHOWN
            ? t('palette.foot.first', { count: SHOWN })
            : t('palette.foot.matches', { count: found })
          : t('palette.foot.idle');
}

function PaletteNotices({
  notice,
  error,
  dismissNotice,
  dismissError,
}: {
  notice: string | null;
  error: string | null;
  dismissNotice: () => void;
  dismissError: () => void;
}) {
  const dismiss = useIntl().formatMessage({ id: 'palette.dismiss' });
  return (
    <>
      {notice && (
        <div className="palette-notice card" role="status">
          <span>{notice}</span>
          <button type="button" className="link" onClick={dismissNotice}>
            {dismiss}
          </button>
        </div>
      )}
      {error && (
        <div className="palette-notice card error-note" role="alert">
          <span>{error}</span>
          <button type="button" className="link" onClick={dismissError}>
            {dismiss}
          </button>
        </div>
      )}
    </>
  );
}

/** Arrow keys move round the list, Home and End to its ends, Enter chooses. */
function moveWithKeys(e: KeyboardEvent<HTMLInputElement>, n: number, setActive: Dispatch<SetStateAction<number>>, choose: () => void) {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (n > 0) setActive((a) => (Math.min(a, n - 1) + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
  } else if (e.key === 'Home' || e.key === 'End') {
    if (n === 0) return;
    e.preventDefault();
    setActive(e.key === 'Home' ? 0 : n - 1);
  } else if (e.key === 'Enter') {
    e.preventDefault();
    choose();
  }
}

function PaletteList({
  listId,
  found,
  current,
  setActive,
  choose,
}: {
  listId: string;
  found: Entry[];
  current: Entry | undefined;
  setActive: (i: number) => void;
  choose: (e: Entry) => void;
}) {
  const intl = useIntl();
  // The entry chosen by the keys stays in view.
  useEffect(() => {
    if (current) document.getElementById(`${listId}-${current.id}`)?.scrollIntoView({ block: 'nearest' });
  }, [current, listId]);
  return (
    <ul id={listId} role="listbox" aria-label={intl.formatMessage({ id: 'palette.results' })} className="palette-list">
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
          <span className="palette-kind">{intl.formatMessage({ id: KIND_WORDS[e.kind] })}</span>
        </li>
      ))}
    </ul>
  );
}

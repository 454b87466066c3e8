// The dashboard container: owns the timer that drives the model, the keyboard, the focus, the
// help toggle and the terminal size; hands formatted props to the presentational view.
import { useApp, useInput, useStdout, type Key } from 'ink';
import { useEffect, useEffectEvent, useReducer, useRef, useState } from 'react';
import { DashboardView } from '../components/dashboard-view.js';
import { CHROME, computeLayout, tabOrder, type PaneId } from '../layout.js';
import type { DashModel } from '../model.js';
import { buildPanes, gameText, HELP_LINES, presentPanes, problemText } from '../view.js';

export interface DashboardProps {
  model: DashModel;
  url: string;
  /** How often the model is asked for due requests, and the screen redrawn (ms). */
  tickMs?: number;
  now?: () => number;
  /** False when stdin is not a terminal: no keys (ink cannot set raw mode), ctrl-c still ends. */
  keys?: boolean;
  /** Called once with the exit code when the dashboard ends (q, a refused key, a failure). */
  onExit: (code: number, message?: string) => void;
}

/** The focused pane if it is still present, else the first one in tab order. */
const focusAmong = (order: PaneId[], focus: PaneId) => (order.includes(focus) ? focus : order[0]);

/** A page size change waits for the terminal to stop resizing, so a drag costs no requests. */
const RESIZE_SETTLE_MS = 400;
/** Inside a pane: the border and one column of padding on each side. */
const PANE_INSET = 4;

const readSize = (stdout: NodeJS.WriteStream) => ({ columns: stdout.columns || 100, rows: stdout.rows || 40 });

function useTerminalSize(): { columns: number; rows: number } {
  // ink 8 types its stdout as a plain WritableStream; the one it renders to is a tty.WriteStream
  // (or a test's stand-in with the same two fields).
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const [size, setSize] = useState(() => readSize(stdout));
  useEffect(() => {
    const onResize = () => setSize(readSize(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

export function Dashboard({ model, url, tickMs = 250, now = Date.now, keys = true, onExit }: DashboardProps) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  // The keys read the focus from a ref: keys typed fast (tab, then an arrow) arrive before React
  // redraws, and each must see the focus the previous one left. The render reads its copy in state.
  const focusRef = useRef<PaneId>('server');
  const [focus, setFocus] = useState<PaneId>('server');
  const [help, setHelp] = useState(false);
  const { exit } = useApp();
  const size = useTerminalSize();
  const ended = useRef(false);

  const end = (code: number, message?: string) => {
    if (ended.current) return;
    ended.current = true;
    onExit(code, message);
    exit();
  };

  /** The present panes in tab order, and the focused one among them, as of now (for the keys). */
  const currentFocus = () => {
    const order = tabOrder(presentPanes(model.state));
    return { order, focused: focusAmong(order, focusRef.current) };
  };

  const s = model.state;
  const present = presentPanes(s);
  const focused = focusAmong(tabOrder(present), focus);
  const layout = computeLayout(size.columns, size.rows, present, focused);
  const slots = new Map(layout.columns.flat().map((p) => [p.id, p]));

  // The player and pal pages hold as many rows as their panes show.
  const playersRows = slots.get('players')?.body;
  const palsRows = slots.get('pals')?.body;
  const sized = useRef(false);
  useEffect(() => {
    const apply = () => {
      if (playersRows) model.setPageSize('players', playersRows);
      if (palsRows) model.setPageSize('pals', palsRows);
    };
    if (!sized.current) {
      sized.current = true;
      apply(); // before the first request
      return;
    }
    const t = setTimeout(apply, RESIZE_SETTLE_MS);
    return () => clearTimeout(t);
  }, [model, playersRows, palsRows]);

  // The loop lives as long as the model; the clock, the interval and onExit it uses are the latest
  // render's props (effect events), not those of the render that started it.
  const clock = useEffectEvent(() => now());
  const interval = useEffectEvent(() => tickMs);
  const endFromLoop = useEffectEvent((code: number, message?: string) => end(code, message));
  useEffect(() => {
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const loop = async () => {
      try {
        await model.tick(clock());
      } catch (err) {
        if (!stopped) endFromLoop(1, `unexpected failure: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
      if (stopped) return;
      if (model.state.fatal) return endFromLoop(2, model.state.fatal);
      redraw();
      timer = setTimeout(() => void loop(), interval());
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [model]);

  const step = (n: number) => {
    const { order, focused } = currentFocus();
    const i = order.indexOf(focused);
    focusRef.current = order[(((i + n) % order.length) + order.length) % order.length];
    setFocus(focusRef.current);
  };

  const onKey = (input: string, key: Partial<Key>) => {
    if (input === 'q' || (key.ctrl && input === 'c')) return end(0);
    if (key.tab || input === '\t') return step(key.shift ? -1 : 1);
    if (input === 'r') return model.refresh();
    if (input === '?') return setHelp((h) => !h);
    if (key.escape && help) return setHelp(false);
    const { focused } = currentFocus();
    if (focused !== 'players' && focused !== 'pals') return;
    const dir = key.rightArrow || key.downArrow || key.pageDown ? 1 : key.leftArrow || key.upArrow || key.pageUp ? -1 : 0;
    if (dir !== 0 && model.page(focused, dir)) redraw();
  };

  useInput(
    (input, key) => {
      // Keys typed fast can arrive as one chunk of plain text: each counts.
      if (input.length > 1 && !key.ctrl && !key.meta) for (const ch of input) onKey(ch, { tab: ch === '\t' });
      else onKey(input, key);
    },
    { isActive: keys },
  );

  const t = now();
  const views = buildPanes(s, t, (id) => Math.max(1, (slots.get(id)?.width ?? size.columns) - PANE_INSET));
  const byId = new Map(views.map((v) => [v.id, v]));
  const columns = layout.columns.map((col) =>
    col.map((slot) => {
      const v = byId.get(slot.id)!;
      return {
        id: slot.id,
        title: v.title,
        lines: v.lines,
        stale: v.stale,
        focused: slot.id === focused,
        width: slot.width,
        height: slot.body,
      };
    }),
  );
  const hidden = layout.hidden.length ? `+${layout.hidden.length} panes (tab)  ` : '';
  const paging = focused === 'players' || focused === 'pals' ? '  ←→ page' : '';
  return (
    <DashboardView
      columns={columns}
      width={layout.width}
      height={layout.height}
      help={help ? HELP_LINES : null}
      tooSmall={
        layout.tooSmall ? `terminal too small (${size.columns}×${size.rows}): make it at least ${CHROME + 3} rows tall, or press q` : null
      }
      status={{
        url,
        usage: `${s.spent}/${s.limit}${s.limit < s.budget ? ` (of ${s.budget})` : ''} req/min`,
        problem: problemText(s.problem, t),
        game: gameText(s),
        hint: `${hidden}q quit  tab pane${paging}  r refresh  ? help`,
      }}
    />
  );
}

// The dashboard container: owns the timer that drives the model, the keyboard, focus, and the
// terminal size; passes formatted props to the presentational panes.
import { Box, useApp, useInput, useStdout } from 'ink';
import { useEffect, useReducer, useState } from 'react';
import { Help } from '../components/help.js';
import { Pane } from '../components/pane.js';
import { StatusBar } from '../components/status-bar.js';
import type { DashModel } from '../model.js';
import { buildPanes, type PaneId } from '../view.js';

export interface DashboardProps {
  model: DashModel;
  url: string;
  budget: number;
  tickMs?: number;
  now?: () => number;
  /** Called with the exit code when the dashboard ends (q, or a refused key). */
  onExit: (code: number, message?: string) => void;
}

const PANE_HEIGHT: Record<PaneId, number> = { server: 4, metrics: 3, players: 10, events: 8, world: 3, pals: 10 };

export function Dashboard({ model, url, budget, tickMs = 250, now = Date.now, onExit }: DashboardProps) {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [focus, setFocus] = useState(0);
  const [help, setHelp] = useState(false);
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [size, setSize] = useState({ columns: stdout.columns || 100, rows: stdout.rows || 40 });

  useEffect(() => {
    const onResize = () => setSize({ columns: stdout.columns || 100, rows: stdout.rows || 40 });
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);

  useEffect(() => {
    let stopped = false;
    let timer: NodeJS.Timeout;
    const loop = async () => {
      await model.tick(now());
      if (stopped) return;
      if (model.state.fatal) {
        onExit(2, model.state.fatal);
        exit();
        return;
      }
      redraw();
      timer = setTimeout(loop, tickMs);
    };
    void loop();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [model]);

  const panes = buildPanes(model.state, now(), size.columns);
  const focused = panes[focus % panes.length];

  useInput((input, key) => {
    if (input === 'q' || (key.ctrl && input === 'c')) {
      onExit(0);
      exit();
    } else if (key.tab || /^\t+$/.test(input)) {
      // Keys typed fast can arrive in one chunk: each tab in it moves the focus once.
      const steps = Math.max(1, input.length) * (key.shift ? panes.length - 1 : 1);
      setFocus((f) => (f + steps) % panes.length);
    }
    else if (input === 'r') model.refresh();
    else if (input === '?') setHelp((h) => !h);
    else if (focused.id === 'players' || focused.id === 'pals') {
      if (key.rightArrow || key.downArrow || key.pageDown) model.page(focused.id, 1);
      if (key.leftArrow || key.upArrow || key.pageUp) model.page(focused.id, -1);
    }
  });

  // Two columns on a wide terminal, one on a narrow one.
  const wide = size.columns >= 100;
  const colWidth = wide ? Math.floor(size.columns / 2) : size.columns;
  const render = (p: (typeof panes)[number]) => (
    <Pane key={p.id} title={p.title} lines={p.lines} stale={p.stale} focused={p === focused} width={colWidth} height={PANE_HEIGHT[p.id]} />
  );
  const left = panes.filter((p) => ['server', 'metrics', 'world', 'events'].includes(p.id));
  const right = panes.filter((p) => p.id === 'players' || p.id === 'pals');
  const problem = model.state.problem?.message ?? null;
  return (
    <Box flexDirection="column">
      {help ? <Help /> : null}
      {wide ? (
        <Box>
          <Box flexDirection="column">{left.map(render)}</Box>
          <Box flexDirection="column">{right.map(render)}</Box>
        </Box>
      ) : (
        <Box flexDirection="column">{panes.map(render)}</Box>
      )}
      <StatusBar url={url} spent={model.spent(now())} budget={budget} problem={problem} />
    </Box>
  );
}

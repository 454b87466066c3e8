// Where each pane goes for a terminal size. Pure. The pane area always has the same height for a
// given terminal (rows - 2: the status bar, and one spare line so ink never reaches the last
// row, where it would clear the whole screen on each redraw and flicker), so nothing jumps when
// data arrives or a pane appears. Two columns on a wide terminal, one on a narrow one; when even
// the smallest panes do not fit, the least important ones are left out (tab still reaches them:
// the focused pane is always shown).
import type { RouteKey } from './types.js';

export type PaneId = RouteKey;

/** Lines around a pane's body: the top border with the title inside, and the bottom border. */
export const CHROME = 3;
/** Body lines of the panes with a fixed content. */
const FIXED: Partial<Record<PaneId, number>> = { server: 4, metrics: 3, host: 2, world: 4 };
/** Body lines of the world pane: counts and activity (wrapped), then the linked pals. */
export const WORLD_LINES = FIXED.world!;
/** The smallest body of a list pane. */
const FLEX_MIN = 3;
/** Left out first when the terminal is too short. */
const DROP_ORDER: PaneId[] = ['world', 'host', 'events', 'pals', 'players', 'metrics', 'server'];
/** Visual and tab order. */
const ORDER: PaneId[] = ['server', 'metrics', 'host', 'world', 'events', 'players', 'pals'];
export const WIDE_MIN_COLUMNS = 100;

export interface PaneSlot {
  id: PaneId;
  width: number;
  /** Body lines (the pane takes body + CHROME lines). */
  body: number;
}

export interface Layout {
  /** Columns left to right, each a list of panes top to bottom. */
  columns: PaneSlot[][];
  /** Present panes that did not fit. */
  hidden: PaneId[];
  /** Lines of the pane area; columns shorter than this are padded. */
  height: number;
  width: number;
  /** Not even the focused pane fits. */
  tooSmall: boolean;
}

/** The present panes in tab order. */
export function tabOrder(present: readonly PaneId[]): PaneId[] {
  return ORDER.filter((id) => present.includes(id));
}

const need = (id: PaneId) => CHROME + (FIXED[id] ?? FLEX_MIN);
const sum = (ids: PaneId[]) => ids.reduce((n, id) => n + need(id), 0);

export function computeLayout(columns: number, rows: number, present: readonly PaneId[], focused: PaneId): Layout {
  const width = Math.max(1, columns);
  const height = Math.max(0, rows - 2);
  const panes = tabOrder(present);
  const left = panes.filter((id) => id !== 'players' && id !== 'pals');
  const right = panes.filter((id) => id === 'players' || id === 'pals');

  if (width >= WIDE_MIN_COLUMNS && height >= sum(left) && height >= sum(right)) {
    const lw = Math.floor(width / 2);
    return { columns: [fill(left, height, lw), fill(right, height, width - lw)], hidden: [], height, width, tooSmall: false };
  }

  const shown = [...panes];
  for (const id of DROP_ORDER) {
    if (sum(shown) <= height) break;
    if (id !== focused && shown.includes(id)) shown.splice(shown.indexOf(id), 1);
  }
  const hidden = panes.filter((id) => !shown.includes(id));
  if (sum(shown) > height) {
    // Only the focused pane is left, and it does not fit whole: shrink its body.
    const body = height - CHROME;
    if (body < 1 || shown.length !== 1) return { columns: [], hidden: panes, height, width, tooSmall: true };
    return { columns: [[{ id: shown[0], width, body }]], hidden, height, width, tooSmall: false };
  }
  return { columns: [fill(shown, height, width)], hidden, height, width, tooSmall: false };
}

/** Gives the list panes of a column what the fixed ones leave, equally. */
function fill(ids: PaneId[], height: number, width: number): PaneSlot[] {
  const flex = ids.filter((id) => FIXED[id] === undefined);
  const extra = Math.max(0, height - sum(ids));
  return ids.map((id) => {
    const i = flex.indexOf(id);
    const body = i < 0 ? FIXED[id]! : FLEX_MIN + Math.floor(extra / flex.length) + (i < extra % flex.length ? 1 : 0);
    return { id, width, body };
  });
}

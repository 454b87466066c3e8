// The steps of a countdown as an admin writes them ("10m 5m 1m 30s 10s") and as the API takes them
// (seconds). One place, for the dashboard's shutdown and a scheduled restart or shutdown.
import type { IntlShape } from 'react-intl';

export const DEFAULT_STEPS_TEXT = '10m 5m 1m 30s 10s';

const UNIT: Record<string, number> = { h: 3600, m: 60, min: 60, s: 1, sec: 1 };

/** "10m, 30s" → [600, 30]; a word it cannot read gives the error in words instead. */
export function parseSteps(text: string, intl: IntlShape): { steps: number[] } | { error: string } {
  const words = text
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { error: intl.formatMessage({ id: 'dashboard.steps.none' }) };
  const steps: number[] = [];
  for (const w of words) {
    const m = /^(\d+)(h|min|m|sec|s)$/i.exec(w);
    const sec = m ? Number(m[1]) * UNIT[m[2].toLowerCase()] : NaN;
    if (!Number.isInteger(sec) || sec < 1 || sec > 86_400) return { error: intl.formatMessage({ id: 'dashboard.steps.bad' }, { word: w }) };
    steps.push(sec);
  }
  if (steps.length > 12) return { error: intl.formatMessage({ id: 'dashboard.steps.tooMany' }, { max: 12 }) };
  return { steps: [...new Set(steps)].sort((a, b) => b - a) };
}

/** [600, 30] → "10m 30s". */
export const stepsText = (steps: readonly number[]): string =>
  steps.map((s) => (s % 3600 === 0 ? `${s / 3600}h` : s % 60 === 0 ? `${s / 60}m` : `${s}s`)).join(' ');

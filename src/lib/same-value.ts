// Whether a settings file's value and the value the running game reports are the same setting
// value (the configuration screen says which settings wait for the next start). The game keeps
// its floats in single precision and writes `True` where a file may say `true`; a list's order
// is not the game's concern.

type Value = string | number | boolean | string[];

/** Floats as the game keeps them (32-bit) differ from the file's text in the 8th digit. */
const closeEnough = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

export function sameSettingValue(file: Value, game: Value): boolean {
  if (Array.isArray(file) || Array.isArray(game)) {
    const list = (v: Value) =>
      (Array.isArray(v)
        ? v
        : String(v)
            .replace(/^\(|\)$/g, '')
            .split(',')
      )
        .map((s) => s.trim())
        .filter(Boolean)
        .sort();
    const [a, b] = [list(file), list(game)];
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
  if (typeof file === 'number' && typeof game === 'number') return closeEnough(file, game);
  if (typeof file === 'boolean' || typeof game === 'boolean')
    return String(file).trim().toLowerCase() === String(game).trim().toLowerCase();
  if (typeof file === 'number' || typeof game === 'number') {
    const [a, b] = [Number(file), Number(game)];
    return Number.isFinite(a) && Number.isFinite(b) && String(file).trim() !== '' && String(game).trim() !== '' && closeEnough(a, b);
  }
  return file.trim() === game.trim();
}

// The game's deployment file as palpanel edits it: PalWorldSettings.ini (its one-line
// `OptionSettings=(...)`) or palworld-server-docker's environment file (`KEY=value` lines).
// Every value is found with its place in the text, so a change rewrites only the bytes of the
// values it changes: comments, order, spacing and unknown keys stay byte for byte.
import { isSecretName } from '../secret-names.js';
import { KNOWN_BY_DOCKER, KNOWN_BY_KEY, KNOWN_SETTINGS, type KnownSetting } from './known-keys.js';
import { envTextSpelling, spell, spellingOf, unsafeValueText, type ConfigFormat, type Spelling } from './value-text.js';

export type { ConfigFormat };

export interface ConfigEntry {
  /** As the file spells it (`ExpRate`, or `EXP_RATE` in an env file). */
  name: string;
  /** The raw text of the value, quotes and parentheses included. */
  raw: string;
  start: number;
  end: number;
  known: KnownSetting | null;
}

export interface ParsedConfig {
  format: ConfigFormat;
  text: string;
  entries: ConfigEntry[];
}

export class ConfigFileError extends Error {}

/** Splits `a=1,b="x,y",c=(P,Q)` at its top-level commas, with offsets. */
function items(text: string, from: number, to: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let depth = 0;
  let quoted = false;
  let start = from;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      out.push({ start, end: i });
      start = i + 1;
    }
  }
  if (to > start) out.push({ start, end: to });
  return out;
}

function parseIni(text: string): ConfigEntry[] {
  const m = /^[ \t]*OptionSettings=\(/m.exec(text);
  if (!m) throw new ConfigFileError('The file has no OptionSettings=(...) line: it is not a PalWorldSettings.ini the game wrote.');
  const open = m.index + m[0].length;
  let depth = 1;
  let quoted = false;
  let close = -1;
  for (let i = open; i < text.length && text[i] !== '\n'; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) throw new ConfigFileError('The OptionSettings line does not close its parenthesis.');
  const out: ConfigEntry[] = [];
  for (const it of items(text, open, close)) {
    const eq = text.indexOf('=', it.start);
    if (eq < 0 || eq >= it.end) continue;
    const name = text.slice(it.start, eq).trim();
    out.push({ name, raw: text.slice(eq + 1, it.end), start: eq + 1, end: it.end, known: KNOWN_BY_KEY.get(name) ?? null });
  }
  return out;
}

function parseEnv(text: string): ConfigEntry[] {
  const out: ConfigEntry[] = [];
  const re = /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const valueStart = m.index + m[0].length - m[2].length;
    const raw = m[2].replace(/\r$/, '');
    out.push({ name: m[1], raw, start: valueStart, end: valueStart + raw.length, known: KNOWN_BY_DOCKER.get(m[1]) ?? null });
  }
  return out;
}

/** Which kind of file it is, by its content. */
export function parseConfig(text: string): ParsedConfig {
  if (/^[ \t]*OptionSettings=\(/m.test(text) || /^\[\/Script\/Pal\./m.test(text)) return { format: 'ini', text, entries: parseIni(text) };
  return { format: 'env', text, entries: parseEnv(text) };
}

const unquote = (raw: string) =>
  raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')
    ? raw.slice(1, -1)
    : raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")
      ? raw.slice(1, -1)
      : raw;

/** A value as JSON: numbers, booleans, strings, lists of strings. */
export function typedValue(e: ConfigEntry): string | number | boolean | string[] {
  const v = unquote(e.raw.trim());
  switch (e.known?.type) {
    case 'float':
    case 'int': {
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
    case 'bool':
      return /^true$/i.test(v) ? true : /^false$/i.test(v) ? false : v;
    case 'list':
      return v
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    default:
      return v;
  }
}

/** Whether an entry holds a secret: a setting the table marks as a password, or any setting whose
 * name says password, secret, token, key or webhook (lib/secret-names.ts). */
export function isSecretEntry(e: ConfigEntry): boolean {
  return e.known?.secret === true || isSecretName(e.name);
}

/** Checks a new value against its setting; the text to write, or why not (naming `name`, never
 * repeating the value: it may be a password). */
export function formatValue(format: ConfigFormat, e: ConfigEntry, value: unknown): string {
  const k = e.known;
  const bad = (why: string): never => {
    throw new ConfigFileError(`"${e.name}": ${why}`);
  };
  const old = spellingOf(format, e.raw);
  /** `inner` spelled `how`, once it is safe so. */
  const written = (how: Spelling, inner: string) => {
    const why = unsafeValueText(format, how, inner);
    if (why) bad(why);
    return spell(how, inner);
  };
  const text = (s: string, how: Spelling) => {
    if (s.length > 512) bad('a text value is at most 512 characters');
    return written(format === 'env' ? envTextSpelling(s, how) : how, s);
  };
  if (!k) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') bad('an unknown setting takes a text value');
    // Written as the file wrote it: quoted stays quoted, anything else is bare (an unknown
    // setting's value never becomes a list by holding parentheses).
    return text(String(value), old === 'double' || old === 'single' ? old : 'bare');
  }
  switch (k.type) {
    case 'float':
    case 'int': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad(`must be a number from ${k.min} to ${k.max}`);
      if (k.type === 'int' && !Number.isInteger(value)) return bad(`must be a whole number from ${k.min} to ${k.max}`);
      if ((k.min !== undefined && value < k.min) || (k.max !== undefined && value > k.max)) return bad(`must be from ${k.min} to ${k.max}`);
      return written('bare', k.type === 'float' && format === 'ini' ? value.toFixed(6) : String(value));
    }
    case 'bool':
      if (typeof value !== 'boolean') return bad('must be true or false');
      return written('bare', format === 'ini' ? (value ? 'True' : 'False') : value ? 'true' : 'false');
    case 'enum':
      if (typeof value !== 'string' || !k.values!.includes(value)) return bad(`must be one of ${k.values!.join(', ')}`);
      return written('bare', value);
    case 'list': {
      if (!Array.isArray(value) || value.some((x) => typeof x !== 'string' || !k.values!.includes(x)))
        return bad(`must be a list of ${k.values!.join(', ')}`);
      const inner = (value as string[]).join(',');
      return written(format === 'ini' || old === 'list' ? 'list' : 'bare', inner);
    }
    case 'string': {
      if (typeof value !== 'string') return bad('must be text');
      // The file's own spelling: quoted when it was. An ini text the game writes bare
      // (`DenyTechnologyList=`) stays bare unless the new text needs quotes.
      const bareIni = format === 'ini' && old === 'bare' && /^[^\s,()"]*$/.test(value);
      return text(value, format === 'ini' ? (bareIni ? 'bare' : 'double') : old);
    }
  }
}

/** The entries as (name, raw value) in file order: what a re-read must give back. */
const pairs = (entries: readonly ConfigEntry[]) => entries.map((e) => `${e.name}\u0000${e.raw}`);

/**
 * The text with `changes` applied; bytes outside the changed values are left as they were.
 * The new text is then read back as the game's file: it must hold exactly the settings it held
 * before, in the same order, each with the value intended for it (the new value where one was
 * asked for, the old one elsewhere). A value that would end early and spill into other settings
 * fails this even if a rule above missed it, and nothing is written.
 */
export function applyChanges(parsed: ParsedConfig, changes: Record<string, unknown>): { text: string; changed: string[] } {
  const byName = new Map(parsed.entries.map((e) => [e.name, e]));
  const edits: { entry: ConfigEntry; text: string }[] = [];
  for (const [name, value] of Object.entries(changes)) {
    const e = byName.get(name);
    if (!e) throw new ConfigFileError(`"${name}": the file has no such setting (only settings the file holds can be changed).`);
    const text = formatValue(parsed.format, e, value);
    if (text !== e.raw) edits.push({ entry: e, text });
  }
  let out = parsed.text;
  for (const ed of [...edits].sort((a, b) => b.entry.start - a.entry.start))
    out = out.slice(0, ed.entry.start) + ed.text + out.slice(ed.entry.end);
  const intended = parsed.entries.map((e) => ({ ...e, raw: edits.find((ed) => ed.entry === e)?.text ?? e.raw }));
  let reread: ParsedConfig | null;
  try {
    reread = parseConfig(out);
  } catch {
    reread = null;
  }
  const want = pairs(intended);
  const got = reread && reread.format === parsed.format ? pairs(reread.entries) : [];
  if (got.length !== want.length || got.some((g, i) => g !== want[i]))
    throw new ConfigFileError(
      'The change would not read back as the settings asked for (a value would spill into others); nothing was written.',
    );
  return { text: out, changed: edits.map((ed) => ed.entry.name) };
}

// A commented-out assignment in an env file (`# RCON_PASSWORD=old`): an old secret is a secret.
const ENV_COMMENTED = /^([ \t]*#+[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*)(.*?)([ \t]*\r?)$/gm;

/** The text with every secret value replaced by `****` (for GET /config/raw): the settings
 * isSecretEntry names, and in an env file the commented-out assignments of such names. */
export function maskSecrets(parsed: ParsedConfig): string {
  let out = parsed.text;
  for (const e of [...parsed.entries]
    .filter((x) => isSecretEntry(x) && x.raw.trim() !== '' && x.raw.trim() !== '""' && x.raw.trim() !== "''")
    .sort((a, b) => b.start - a.start)) {
    const how = spellingOf(parsed.format, e.raw);
    out = out.slice(0, e.start) + (how === 'double' || how === 'single' ? spell(how, '****') : '****') + out.slice(e.end);
  }
  if (parsed.format === 'env')
    out = out.replace(ENV_COMMENTED, (whole, head: string, name: string, value: string, tail: string) =>
      isSecretName(name) && value !== '' ? `${head}****${tail}` : whole,
    );
  return out;
}

/** A PalWorldSettings.ini with every known setting at its default (and `overrides`), laid out
 * as the game writes it: for the demo, which has no game of its own to write one. */
export function defaultIni(overrides: Record<string, string> = {}): string {
  const parts = KNOWN_SETTINGS.filter((k) => !k.legacy).map((k) => {
    const v = overrides[k.key] ?? k.default;
    return `${k.key}=${k.type === 'string' && !k.bare ? `"${v}"` : v}`;
  });
  return `[/Script/Pal.PalGameWorldSettings]\r\nOptionSettings=(${parts.join(',')})\r\n`;
}

// The game's deployment file as palpanel edits it: PalWorldSettings.ini (its one-line
// `OptionSettings=(...)`), palworld-server-docker's environment file (`KEY=value` lines), or the
// `environment:` block of a docker compose file (compose-file.ts).
// Every value is found with its place in the text, so a change rewrites only the bytes of the
// values it changes: comments, order, spacing and unknown keys stay byte for byte.
import { isSecretName } from '../domain/secret-names.js';
import { composeReadsBack, composeSource, isComposeFile, parseCompose } from './compose-file.js';
import { maskComposeSecrets } from './compose-mask.js';
import { checkValue, ConfigFileError, isSecretEntry, refuse, type ConfigEntry, type ConfigFormat } from './entry.js';
import { KNOWN_BY_DOCKER, KNOWN_BY_KEY, KNOWN_SETTINGS } from './known-keys.js';
import { envTextSpelling, spell, spellingOf, unsafeValueText, type Spelling, type TextFormat } from './value-text.js';

export { ConfigFileError, isSecretEntry, typedValue, type ConfigEntry, type ConfigFormat } from './entry.js';

export interface ParsedConfig {
  format: ConfigFormat;
  text: string;
  entries: ConfigEntry[];
  /** A compose file: the service whose environment block the entries are. */
  service?: string;
}

export interface ReadOptions {
  /** The file's name: a .yml or .yaml file is read as a compose file. */
  fileName?: string;
  /** SERVICE_CONFIG_COMPOSE_SERVICE: the compose service to edit; null: found (compose-file.ts). */
  composeService?: string | null;
}

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
    // No CR to strip: `.` matches no line terminator, so a CRLF line's value ends before its CR.
    const raw = m[2];
    out.push({ name: m[1], raw, start: valueStart, end: valueStart + raw.length, known: KNOWN_BY_DOCKER.get(m[1]) ?? null });
  }
  return out;
}

/** Which kind of file it is, by its content (and a compose file by its name too). */
export function parseConfig(text: string, opts: ReadOptions = {}): ParsedConfig {
  if (/^[ \t]*OptionSettings=\(/m.test(text) || /^\[\/Script\/Pal\./m.test(text)) return { format: 'ini', text, entries: parseIni(text) };
  if (isComposeFile(text, opts.fileName)) {
    const { service, entries } = parseCompose(text, opts.composeService ?? null);
    return { format: 'compose', text, entries, service };
  }
  return { format: 'env', text, entries: parseEnv(text) };
}

/** Checks a new value against its setting; the text to write, or why not (naming `name`, never
 * repeating the value: it may be a password). */
export function formatValue(format: TextFormat, e: ConfigEntry, value: unknown): string {
  const bad = (why: string): never => refuse(e.name, why);
  const old = spellingOf(format, e.raw);
  /** `inner` spelled `how`, once it is safe so. */
  const written = (how: Spelling, inner: string) => {
    const why = unsafeValueText(format, how, inner);
    if (why) bad(why);
    return spell(how, inner);
  };
  const text = (s: string, how: Spelling) => written(format === 'env' ? envTextSpelling(s, how) : how, s);
  const v = checkValue(e, value);
  switch (v.kind) {
    case 'unknown':
      // Written as the file wrote it: quoted stays quoted, anything else is bare (an unknown
      // setting's value never becomes a list by holding parentheses).
      return text(v.s, old === 'double' || old === 'single' ? old : 'bare');
    case 'number':
      return written('bare', v.float && format === 'ini' ? v.n.toFixed(6) : String(v.n));
    case 'bool':
      return written('bare', format === 'ini' ? (v.b ? 'True' : 'False') : v.b ? 'true' : 'false');
    case 'enum':
      return written('bare', v.s);
    case 'list':
      return written(format === 'ini' || old === 'list' ? 'list' : 'bare', v.items.join(','));
    case 'text': {
      // The file's own spelling: quoted when it was. An ini text the game writes bare
      // (`DenyTechnologyList=`) stays bare unless the new text needs quotes.
      const bareIni = format === 'ini' && old === 'bare' && /^[^\s,()"]*$/.test(v.s);
      return text(v.s, format === 'ini' ? (bareIni ? 'bare' : 'double') : old);
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
  const edits: { entry: ConfigEntry; raw: string; text?: string }[] = [];
  for (const [name, value] of Object.entries(changes)) {
    const e = byName.get(name);
    if (!e) throw new ConfigFileError(`"${name}": the file has no such setting (only settings the file holds can be changed).`);
    if (parsed.format === 'compose') {
      const next = composeSource(e, value);
      if (next) edits.push({ entry: e, ...next });
      continue;
    }
    const raw = formatValue(parsed.format, e, value);
    if (raw !== e.raw) edits.push({ entry: e, raw });
  }
  let out = parsed.text;
  for (const ed of [...edits].sort((a, b) => b.entry.start - a.entry.start))
    out = out.slice(0, ed.entry.start) + ed.raw + out.slice(ed.entry.end);
  const intended = parsed.entries.map((e) => {
    const ed = edits.find((x) => x.entry === e);
    return ed ? { ...e, raw: ed.raw, ...(ed.text !== undefined ? { text: ed.text } : {}) } : e;
  });
  if (!readsBack(parsed, out, intended))
    throw new ConfigFileError(
      'The change would not read back as the settings asked for (a value would spill into others); nothing was written.',
    );
  return { text: out, changed: edits.map((ed) => ed.entry.name) };
}

/** Whether the changed text `out` reads back as exactly the `intended` entries. */
function readsBack(parsed: ParsedConfig, out: string, intended: ConfigEntry[]): boolean {
  if (parsed.format === 'compose') return composeReadsBack(parsed.text, out, parsed.service!, intended);
  let reread: ParsedConfig | null;
  try {
    reread = parseConfig(out);
  } catch {
    reread = null;
  }
  const want = pairs(intended);
  const got = reread && reread.format === parsed.format ? pairs(reread.entries) : [];
  return got.length === want.length && got.every((g, i) => g === want[i]);
}

// A commented-out env assignment (`# RCON_PASSWORD=old`, or in a host's note `#RCON_PASSWORD:old`):
// an old secret is a secret.
const ENV_COMMENTED = /^([ \t]*#+[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*[=:][ \t]*)(.*?)([ \t]*\r?)$/gm;

// A commented-out OptionSettings line (`;OptionSettings=(AdminPassword="old",...)`, a host keeping
// the line before an edit): its passwords are as secret as the live line's.
const INI_COMMENTED = /^([ \t]*[;#]+[ \t]*)(OptionSettings=\(.*?)(\r?)$/gm;

/** The text with every secret value replaced by `****` (for GET /config/raw): the settings
 * isSecretEntry names, and the commented-out assignments of such names, env lines and
 * OptionSettings lines alike (a compose file: compose-mask.ts, over the whole document). */
export function maskSecrets(parsed: ParsedConfig): string {
  if (parsed.format === 'compose') return maskComposeSecrets(parsed.text);
  let out = parsed.text;
  for (const e of [...parsed.entries]
    .filter((x) => isSecretEntry(x) && x.raw.trim() !== '' && x.raw.trim() !== '""' && x.raw.trim() !== "''")
    .sort((a, b) => b.start - a.start)) {
    const how = spellingOf(parsed.format, e.raw);
    out = out.slice(0, e.start) + (how === 'double' || how === 'single' ? spell(how, '****') : '****') + out.slice(e.end);
  }
  // Both comment rules run on either kind of file: a host's comments do not keep to its format.
  out = out.replace(ENV_COMMENTED, (whole, head: string, name: string, value: string, tail: string) =>
    isSecretName(name) && value !== '' ? `${head}****${tail}` : whole,
  );
  out = out.replace(INI_COMMENTED, (_whole, head: string, line: string, cr: string) => {
    let entries: ConfigEntry[];
    try {
      entries = parseIni(line);
    } catch {
      // A line palpanel cannot split into settings is masked whole: it may hold a password.
      return `${head}OptionSettings=(****)${cr}`;
    }
    return `${head}${maskSecrets({ format: 'ini', text: line, entries })}${cr}`;
  });
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

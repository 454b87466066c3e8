// One setting of a deployment file as palpanel reads it (config-file.ts for the game's ini and the
// image's env file, compose-file.ts for a compose file's `environment:` block), and the checks a
// new value passes before any file spells it: its type and range, from the settings table.
import { isSecretName } from '../domain/secret-names.js';
import type { KnownSetting } from './known-keys.js';

/** `ini`: PalWorldSettings.ini; `env`: palworld-server-docker's env file; `compose`: the
 * `environment:` block of one service of a docker compose file. */
export type ConfigFormat = 'ini' | 'env' | 'compose';

/** How a compose value is written, and what keeps palpanel from rewriting it. */
export interface ComposePlace {
  /** `map`: `KEY: value`; `list`: `- KEY=value` (the whole item is the entry's text). */
  form: 'map' | 'list';
  /** The YAML scalar style of the entry's text. */
  style: 'plain' | 'double' | 'single';
  /** Written inside a flow collection (`{A: 1}`, `[A=1]`), where a plain value may not hold `,`. */
  flow: boolean;
  /** Why palpanel does not rewrite this value (in words, naming no value), or null. */
  locked: string | null;
}

export interface ConfigEntry {
  /** As the file spells it (`ExpRate`, or `EXP_RATE` in an env or compose file). */
  name: string;
  /** The raw text of the value, quotes and parentheses included (a compose list item: the whole
   * item, `KEY=value` in its quotes). */
  raw: string;
  start: number;
  end: number;
  known: KnownSetting | null;
  /** A compose entry: the value as compose passes it to the container (null: none in the file,
   * compose takes it from the shell it runs in). */
  text?: string | null;
  compose?: ComposePlace;
}

export class ConfigFileError extends Error {}

const unquote = (raw: string) =>
  raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')
    ? raw.slice(1, -1)
    : raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")
      ? raw.slice(1, -1)
      : raw;

/** A value as JSON: numbers, booleans, strings, lists of strings. */
export function typedValue(e: ConfigEntry): string | number | boolean | string[] {
  const v = e.text !== undefined ? (e.text ?? '') : unquote(e.raw.trim());
  switch (e.known?.type) {
    case 'float':
    case 'int': {
      const n = Number(v);
      return v.trim() !== '' && Number.isFinite(n) ? n : v;
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
 * name says password, secret, token, key or webhook (domain/secret-names.ts). */
export function isSecretEntry(e: ConfigEntry): boolean {
  return e.known?.secret === true || isSecretName(e.name);
}

/** A new value checked against its setting, before any file spells it. */
export type CheckedValue =
  | { kind: 'number'; n: number; float: boolean }
  | { kind: 'bool'; b: boolean }
  | { kind: 'enum'; s: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'text'; s: string }
  /** An unknown setting's value: text, whatever JSON type it came as. */
  | { kind: 'unknown'; s: string };

/** Throws why `name` cannot take a value (naming the setting, never repeating the value: it may
 * be a password). */
export function refuse(name: string, why: string): never {
  throw new ConfigFileError(`"${name}": ${why}`);
}

/** Checks a new value against the entry's setting: its type, range or values. */
export function checkValue(e: ConfigEntry, value: unknown): CheckedValue {
  const k = e.known;
  const bad = (why: string): never => refuse(e.name, why);
  if (!k) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') bad('an unknown setting takes a text value');
    const s = String(value);
    if (s.length > 512) bad('a text value is at most 512 characters');
    return { kind: 'unknown', s };
  }
  switch (k.type) {
    case 'float':
    case 'int': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return bad(`must be a number from ${k.min} to ${k.max}`);
      if (k.type === 'int' && !Number.isInteger(value)) return bad(`must be a whole number from ${k.min} to ${k.max}`);
      if ((k.min !== undefined && value < k.min) || (k.max !== undefined && value > k.max)) return bad(`must be from ${k.min} to ${k.max}`);
      return { kind: 'number', n: value, float: k.type === 'float' };
    }
    case 'bool':
      if (typeof value !== 'boolean') return bad('must be true or false');
      return { kind: 'bool', b: value };
    case 'enum':
      if (typeof value !== 'string' || !k.values!.includes(value)) return bad(`must be one of ${k.values!.join(', ')}`);
      return { kind: 'enum', s: value };
    case 'list':
      if (!Array.isArray(value) || value.some((x) => typeof x !== 'string' || !k.values!.includes(x)))
        return bad(`must be a list of ${k.values!.join(', ')}`);
      return { kind: 'list', items: [...(value as string[])] };
    case 'string':
      if (typeof value !== 'string') return bad('must be text');
      if (value.length > 512) bad('a text value is at most 512 characters');
      return { kind: 'text', s: value };
  }
}

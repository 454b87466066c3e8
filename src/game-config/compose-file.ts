// A docker compose file as palpanel edits it: the `environment:` block of the service that runs
// palworld-server-docker, whose variables that image turns into PalWorldSettings.ini at every
// start (so most of its users keep their settings there, not in the ini). Both forms of the block
// are read: a map (`EXP_RATE: 1.5`) and a list (`- EXP_RATE=1.5`).
//
// The file is read with the `yaml` package (eemeli/yaml), which gives every value its place in
// the text; a change splices only the bytes of the values it changes, so comments, order,
// indentation and every other quote stay byte for byte. Nothing is written from a re-serialised
// document. The new text is then read back: the block must hold exactly the variables it held,
// each with the value intended, and the rest of the document must read as before; otherwise the
// change is refused and nothing is written.
import { isDeepStrictEqual } from 'node:util';
import { isAlias, isMap, isPair, isScalar, isSeq, parse, parseDocument, type Document, type Scalar } from 'yaml';
import { checkValue, ConfigFileError, refuse, type ComposePlace, type ConfigEntry } from './entry.js';
import { KNOWN_BY_DOCKER } from './known-keys.js';
import { hasUnwritable, UNWRITABLE_WHY } from './value-text.js';

/** The service used when none is named and no single one holds palworld-server-docker variables. */
export const DEFAULT_COMPOSE_SERVICE = 'palworld';
const SERVICE_SETTING = 'SERVICE_CONFIG_COMPOSE_SERVICE';

/** Whether a file is a compose file: its name (`compose.yaml`, `docker-compose.yml`, any .yml or
 * .yaml) or a top-level `services:` key. */
export function isComposeFile(text: string, fileName = ''): boolean {
  return /\.ya?ml$/i.test(fileName) || /^services[ \t]*:/m.test(text);
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

/** The compose text as a YAML document; throws ConfigFileError, naming only the line, when it
 * does not read. */
export function loadCompose(text: string): Document.Parsed {
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true });
  const err = doc.errors[0];
  // The parser's own message may quote the file (a password on that line): only the line is said.
  if (err) throw new ConfigFileError(`The compose file does not read as YAML (line ${lineOf(text, err.pos[0])}); it was left as it is.`);
  return doc;
}

export const styleOf = (s: Scalar): ComposePlace['style'] | null =>
  s.type === 'QUOTE_DOUBLE' ? 'double' : s.type === 'QUOTE_SINGLE' ? 'single' : s.type === 'PLAIN' ? 'plain' : null;

/** A scalar as compose passes it to the container: text as written, numbers and booleans in
 * their canonical text, null for none. */
function composeText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return null;
}

/** Why a value written like this is not rewritten, or null. */
function lockOf(text: string | null, raw: string, style: ComposePlace['style'] | null): string | null {
  if (text === null) return 'has no value in the compose file (compose takes it from the shell it runs in): write one there first';
  if (style === null) return 'is a block scalar (| or >) in the compose file, which palpanel does not rewrite';
  if (raw.includes('\n')) return 'spans more than one line in the compose file, which palpanel does not rewrite';
  if (text.includes('$'))
    return 'takes its value from a compose variable ($…): change it where that variable is set (the .env file beside the compose file)';
  return null;
}

interface ServiceEnv {
  name: string;
  entries: ConfigEntry[];
  /** The service has no `environment:` block; `envFile`: it names an env_file instead. */
  missing: null | { envFile: string | null };
}

function entriesOf(text: string, doc: Document.Parsed, service: string, svc: unknown): ServiceEnv {
  const env = isMap(svc) ? svc.get('environment', true) : undefined;
  if (env === undefined || env === null || (isScalar(env) && env.value === null)) {
    const f = isMap(svc) ? svc.get('env_file', true) : undefined;
    const first = isSeq(f) ? f.items[0] : f;
    const envFile = isScalar(first) ? composeText(first.value) : isMap(first) ? composeText(first.get('path')) : null;
    return { name: service, entries: [], missing: { envFile } };
  }
  if (isAlias(env))
    throw new ConfigFileError(
      `The environment of service "${service}" is a YAML alias of a block written elsewhere: palpanel edits only a block written in the service itself.`,
    );
  const entries: ConfigEntry[] = [];
  const add = (name: string, node: Scalar | null, at: number, value: string | null, place: Omit<ComposePlace, 'flow'>, flow: boolean) => {
    const [start, end] = node ? [node.range![0], node.range![1]] : [at, at];
    entries.push({
      name,
      raw: text.slice(start, end),
      start,
      end,
      known: KNOWN_BY_DOCKER.get(name) ?? null,
      text: value,
      compose: { ...place, flow },
    });
  };
  if (isMap(env)) {
    for (const pair of env.items) {
      if (!isScalar(pair.key)) continue;
      const name = String(pair.key.value);
      if (name === '<<') continue; // merged in from an anchor: not written in this block
      const v = pair.value;
      if (isAlias(v)) {
        const target = v.resolve(doc);
        const value = isScalar(target) ? composeText(target.value) : null;
        add(
          name,
          null,
          v.range![0],
          value,
          { form: 'map', style: 'plain', locked: 'is a YAML alias in the compose file, which palpanel does not rewrite' },
          env.flow === true,
        );
        continue;
      }
      if (v !== null && !isScalar(v)) continue; // compose itself refuses a nested value
      const at = v?.range?.[0] ?? pair.key.range![1];
      const value = v ? composeText(v.value) : null;
      const raw = v ? text.slice(v.range![0], v.range![1]) : '';
      const style = v ? styleOf(v) : 'plain';
      add(
        name,
        v && v.value !== null ? v : null,
        at,
        value,
        { form: 'map', style: style ?? 'plain', locked: lockOf(value, raw, style) },
        env.flow === true,
      );
    }
  } else if (isSeq(env)) {
    for (const item of env.items) {
      if (!isScalar(item) || typeof item.value !== 'string') continue;
      const eq = item.value.indexOf('=');
      const name = eq < 0 ? item.value : item.value.slice(0, eq);
      if (name === '') continue;
      const value = eq < 0 ? null : item.value.slice(eq + 1);
      const style = styleOf(item);
      const raw = text.slice(item.range![0], item.range![1]);
      add(
        name,
        item,
        item.range![0],
        value,
        { form: 'list', style: style ?? 'plain', locked: lockOf(value, raw, style) },
        env.flow === true,
      );
    }
  } else {
    throw new ConfigFileError(`The environment of service "${service}" is neither a map nor a list.`);
  }
  // Compose takes the last of a name listed twice: neither is rewritten, so the file never says
  // one thing and does another.
  const seen = new Map<string, number>();
  for (const e of entries) seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
  for (const e of entries)
    if (seen.get(e.name)! > 1) e.compose = { ...e.compose!, locked: 'is listed more than once in the block (compose takes the last)' };
  return { name: service, entries, missing: null };
}

/** The services of a compose document, by name. */
function servicesOf(doc: Document.Parsed): Map<string, unknown> {
  const services = isMap(doc.contents) ? doc.contents.get('services', true) : undefined;
  if (!isMap(services)) throw new ConfigFileError('The compose file has no services: block.');
  const out = new Map<string, unknown>();
  for (const pair of services.items) if (isPair(pair) && isScalar(pair.key)) out.set(String(pair.key.value), pair.value);
  return out;
}

export interface ComposeRead {
  service: string;
  entries: ConfigEntry[];
}

/**
 * The `environment:` block of service `wanted` (SERVICE_CONFIG_COMPOSE_SERVICE), or when none is
 * named, of the only service that holds palworld-server-docker variables, else of `palworld`.
 * Throws ConfigFileError, in words, when that cannot be told or the service has no such block.
 */
export function parseCompose(text: string, wanted: string | null): ComposeRead {
  const doc = loadCompose(text);
  const services = servicesOf(doc);
  const names = [...services.keys()];
  const listed = names.map((n) => `"${n}"`).join(', ') || 'none';
  let service: string;
  if (wanted !== null) {
    if (!services.has(wanted))
      throw new ConfigFileError(`The compose file has no service "${wanted}" (${SERVICE_SETTING}); it has ${listed}.`);
    service = wanted;
  } else {
    const setsImageVariables = (n: string) => {
      try {
        return entriesOf(text, doc, n, services.get(n)).entries.some((e) => e.known !== null);
      } catch {
        return false; // another service's block palpanel cannot read is not the game's
      }
    };
    const withImageVariables = names.filter(setsImageVariables);
    if (withImageVariables.length === 1) service = withImageVariables[0];
    else if (services.has(DEFAULT_COMPOSE_SERVICE)) service = DEFAULT_COMPOSE_SERVICE;
    else
      throw new ConfigFileError(
        withImageVariables.length === 0
          ? `No service of the compose file sets palworld-server-docker variables in its environment: block (services: ${listed}). Name the game's service with ${SERVICE_SETTING}.`
          : `${withImageVariables.length} services of the compose file set palworld-server-docker variables (${withImageVariables.map((n) => `"${n}"`).join(', ')}): name the game's with ${SERVICE_SETTING}.`,
      );
  }
  const env = entriesOf(text, doc, service, services.get(service));
  if (env.missing)
    throw new ConfigFileError(
      env.missing.envFile
        ? `Service "${service}" of the compose file keeps its settings in an env_file (${env.missing.envFile}), not in an environment: block: point SERVICE_CONFIG_FILE at that file.`
        : `Service "${service}" of the compose file has no environment: block to edit.`,
    );
  return { service, entries: env.entries };
}

/** Whether `s`, written bare after `KEY: `, reads back as exactly the text `s` under YAML 1.2 (as
 * compose reads it) and under YAML 1.1 (where `yes`, `on`, `0777` or a date are no longer text). */
function plainReadsAsText(s: string, flow: boolean): boolean {
  if (s === '' || s !== s.trim() || hasUnwritable(s)) return false;
  if (flow && /[,[\]{}]/.test(s)) return false;
  for (const version of ['1.2', '1.1'] as const) {
    try {
      const got: unknown = parse(`k: ${s}\n`, { version });
      if (typeof got !== 'object' || got === null || (got as Record<string, unknown>).k !== s) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Whether a number's or boolean's text, written bare, reads back as that number or boolean. */
function plainReadsAsItself(s: string): boolean {
  try {
    const got: unknown = parse(`k: ${s}\n`);
    const k = (got as Record<string, unknown>).k;
    return (typeof k === 'number' || typeof k === 'boolean') && String(k) === s;
  } catch {
    return false;
  }
}

/** The text compose would pass for a checked value (a list keeps the parentheses it had). */
function intendedText(e: ConfigEntry, value: unknown): { text: string; typed: boolean } {
  const v = checkValue(e, value);
  switch (v.kind) {
    case 'number':
      return { text: String(v.n), typed: true };
    case 'bool':
      return { text: v.b ? 'true' : 'false', typed: true };
    case 'list':
      return { text: (e.text ?? '').trim().startsWith('(') ? `(${v.items.join(',')})` : v.items.join(','), typed: false };
    default:
      return { text: v.s, typed: false };
  }
}

/**
 * The new source of a compose entry for `value`, or null when compose would pass the same text as
 * now. Written in the style the file used: a bare value stays bare when it reads back as the same
 * text (numbers and booleans as YAML's own in the map form), else it takes double quotes, else
 * single; a quoted value keeps its quotes. Refused, in words naming the setting: line breaks and
 * control characters (value-text.ts's one rule, YAML's own line breaks U+0085/U+2028/U+2029 included), `$` (compose would substitute it), a quote the value's quotes cannot hold.
 */
export function composeSource(e: ConfigEntry, value: unknown): { raw: string; text: string } | null {
  const place = e.compose!;
  const { text, typed } = intendedText(e, value);
  if (text === e.text) return null;
  if (place.locked) refuse(e.name, place.locked);
  if (hasUnwritable(text)) refuse(e.name, UNWRITABLE_WHY);
  if (text.includes('$')) refuse(e.name, 'a value may not hold $ (compose reads it as a variable)');
  const scalar = place.form === 'list' ? `${e.name}=${text}` : text;
  const plain = place.form === 'map' && typed ? plainReadsAsItself(scalar) : plainReadsAsText(scalar, place.flow);
  const double = !/["\\]/.test(scalar);
  const single = !scalar.includes("'");
  if (place.style === 'plain' && plain) return { raw: scalar, text };
  if (place.style !== 'single' && double) return { raw: `"${scalar}"`, text };
  if (place.style !== 'double' && single) return { raw: `'${scalar}'`, text };
  return refuse(
    e.name,
    place.style === 'double'
      ? 'a value in double quotes may not hold " or \\'
      : place.style === 'single'
        ? "a value in single quotes may not hold '"
        : 'a value may not hold both kinds of quotes',
  );
}

/** The document as data with one service's environment left out: what must not change. */
function restOf(text: string, service: string): unknown {
  const js = loadCompose(text).toJS({ maxAliasCount: 1000 }) as { services?: Record<string, Record<string, unknown> | null> };
  const svc = js.services?.[service];
  if (svc && typeof svc === 'object') delete svc.environment;
  return js;
}

const pairsOf = (entries: readonly ConfigEntry[]) => entries.map((e) => `${e.compose?.form}\u0000${e.name}\u0000${e.text ?? '\u0001'}`);

/** Whether `after` (the file with changes spliced in) reads back as exactly `intended`: the same
 * variables in the same order and form with the values intended, and the rest of the document as
 * it was in `before`. */
export function composeReadsBack(before: string, after: string, service: string, intended: readonly ConfigEntry[]): boolean {
  try {
    const reread = parseCompose(after, service);
    const want = pairsOf(intended);
    const got = pairsOf(reread.entries);
    return (
      got.length === want.length && got.every((g, i) => g === want[i]) && isDeepStrictEqual(restOf(before, service), restOf(after, service))
    );
  } catch {
    return false;
  }
}

// How a refused request is worded (400 `invalid_request`): short English sentences that name
// the member or parameter at fault, written from zod's issues, never zod's own texts (which
// quote schema internals). A schema may carry its own message (`z.string().min(1, '…')`,
// `refine(…, '…')`): that message is used as it is, as a whole sentence.
import type { z } from 'zod';

/** Where the issue was found: a member of the JSON body, or a query parameter. */
export type Place = 'body' | 'query';

const NOUN: Record<Place, { one: string; many: string }> = {
  body: { one: 'member', many: 'members' },
  query: { one: 'query parameter', many: 'query parameters' },
};

/** Marks the predicates this module wrote, so a schema's own message is told apart from them. */
const OURS = '\u0000';
const MAX_SENTENCES = 3;

type RawIssue = z.core.$ZodRawIssue;

const quoteList = (names: readonly unknown[]) => names.map((n) => JSON.stringify(String(n))).join(', ');

function expectedType(iss: RawIssue & { expected?: string }): string {
  const def = (iss.inst as { _zod?: { def?: { format?: string } } } | undefined)?._zod?.def;
  if (iss.expected === 'number' && def?.format?.includes('int')) return 'an integer';
  switch (iss.expected) {
    case 'int':
      return 'an integer';
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'null':
      return 'null';
    default:
      return `of type ${iss.expected}`;
  }
}

function bound(iss: RawIssue & { origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean }, least: boolean): string {
  const n = String(least ? iss.minimum : iss.maximum);
  const word = least ? (iss.inclusive === false ? 'more than' : 'at least') : iss.inclusive === false ? 'less than' : 'at most';
  switch (iss.origin) {
    case 'string':
      return `must be ${word} ${n} characters long`;
    case 'array':
    case 'set':
      return `must have ${word} ${n} items`;
    default:
      return `must be ${word} ${n}`;
  }
}

/** The predicate of a sentence about one member (`must be a string`). */
function predicate(iss: RawIssue, place: Place): string {
  // The members each issue code carries (zod's raw issues type them per code, but the union is
  // not narrowed by the switch below).
  const i = iss as RawIssue & {
    expected?: string;
    format?: string;
    values: readonly unknown[];
    keys: readonly string[];
    divisor?: unknown;
    origin?: string;
    minimum?: unknown;
    maximum?: unknown;
    inclusive?: boolean;
  };
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'is required';
      if (place === 'query' && Array.isArray(iss.input) && i.expected !== 'array') return 'must be given once';
      return `must be ${expectedType(i)}`;
    case 'too_small':
      return bound(i, true);
    case 'too_big':
      return bound(i, false);
    case 'invalid_format':
      return i.format === 'regex' || i.format === 'starts_with' || i.format === 'ends_with' || i.format === 'includes'
        ? 'does not have the expected form'
        : `must be a valid ${String(i.format).replace(/_/g, ' ')}`;
    case 'invalid_value':
      return i.values.length === 1 ? `must be ${quoteList(i.values)}` : `must be one of ${quoteList(i.values)}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(i.divisor)}`;
    case 'unrecognized_keys':
      return `has ${i.keys.length === 1 ? 'an unknown member' : 'unknown members'} ${quoteList(i.keys)}`;
    case 'invalid_union':
      return 'does not have an accepted type or value';
    case 'invalid_key':
      return 'has a key that is not accepted';
    case 'invalid_element':
      return 'has an item that is not accepted';
    default:
      return 'is not valid';
  }
}

/** The error map handed to zod's parse (schema-level messages outrank it). */
export function errorMap(place: Place): z.core.$ZodErrorMap {
  return (iss) => OURS + predicate(iss, place);
}

/** One sentence for one finished issue. */
function sentence(iss: z.core.$ZodIssue, place: Place): string {
  if (!iss.message.startsWith(OURS)) return iss.message;
  const pred = iss.message.slice(OURS.length);
  const where = iss.path.map(String).join('.');
  if (iss.code === 'unrecognized_keys' && where === '') {
    const what = iss.keys.length === 1 ? `an unknown ${NOUN[place].one}` : `unknown ${NOUN[place].many}`;
    return `The ${place === 'body' ? 'body' : 'request'} has ${what} ${quoteList(iss.keys)}.`;
  }
  if (where === '') return `The request ${place} ${pred}.`;
  return `The ${NOUN[place].one} "${where}" ${pred}.`;
}

/** The message of a refused request: unknown members first (a misspelt name explains the
 * missing one that follows), then the rest in the schema's order; at most three sentences. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], place: Place): string {
  const ordered = [...issues.filter((i) => i.code === 'unrecognized_keys'), ...issues.filter((i) => i.code !== 'unrecognized_keys')];
  return ordered
    .slice(0, MAX_SENTENCES)
    .map((i) => sentence(i, place))
    .join(' ');
}

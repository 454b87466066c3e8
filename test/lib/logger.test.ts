// The log line's detail: what a thrown value says about itself, never '[object Object]'.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { docsFail2banFilter } from '../helpers/fail2ban.js';

function lines(format: 'text' | 'json', detail: unknown, debug = false): string {
  let out = '';
  createLogger(format, (l) => (out += l), debug)('warn', 'poller', detail);
  return out;
}

describe('logger detail', () => {
  it('an Error by its name and message, its stack only with debug', () => {
    const err = new TypeError('bad input');
    expect(lines('text', err)).toMatch(/ warn {2}poller \(TypeError: bad input\)\n$/);
    expect(lines('text', err, true)).toContain(' (TypeError: bad input\n    at ');
    expect(JSON.parse(lines('json', err))).toMatchObject({ level: 'warn', msg: 'poller', detail: 'TypeError: bad input' });
  });

  it('a thrown plain object as JSON; a string, a number and null as themselves; none without one', () => {
    expect(lines('text', { code: 'E_GAME', status: 503 })).toMatch(/ poller \(\{"code":"E_GAME","status":503\}\)\n$/);
    expect(JSON.parse(lines('json', { code: 'E_GAME' })).detail).toBe('{"code":"E_GAME"}');
    expect(lines('text', 'plain words')).toMatch(/ poller \(plain words\)\n$/);
    expect(lines('text', 42)).toMatch(/ poller \(42\)\n$/);
    expect(lines('text', null)).toMatch(/ poller \(null\)\n$/);
    expect(lines('text', undefined)).toMatch(/ poller\n$/);
    expect(JSON.parse(lines('json', undefined))).not.toHaveProperty('detail');
  });

  it('an object JSON cannot write (a cycle) by its tag', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(lines('text', cyclic)).toMatch(/ poller \(\[object Object\]\)\n$/);
  });
});

describe('logger escaping (issue 28, finding 9)', () => {
  // What a hostile game (an RCON reply, a player's name) or client could hand to a log line.
  const forged = `\n${new Date().toISOString()} warn  panel login failed from 6.6.6.6: user "x"`;
  const hostile = [forged, `\r${forged.slice(1)}`, `\u2028${forged.slice(1)}`, `\u001b[2K\r${forged.slice(1)}`];

  it('every value in a line has its control characters escaped: one physical line per entry', () => {
    const filter = docsFail2banFilter();
    for (const format of ['text', 'json'] as const) {
      for (const bad of hostile) {
        for (const debug of [false, true]) {
          let out = '';
          const log = createLogger(format, (l) => (out += l), debug);
          log('info', `console: the game replied: ${bad}`);
          log('warn', 'task nightly: the command failed', new Error(`RCON reply: ${bad}`));
          log('warn', 'poller', `the game said ${bad}`);
          log('warn', 'poller', { reply: bad });
          const physical = out.split(/\r\n|\r|\n|\u2028|\u2029/).filter((l) => l !== '');
          for (const l of physical) expect(filter.host(l), l).toBeNull();
          // Entries start with the time; a debug stack's frames are indented continuation lines.
          for (const l of physical) expect(l, l).toMatch(format === 'json' ? /^\{"at":"/ : /^(\d{4}-\d\d-\d\dT| {4}at )/);
          if (!debug) expect(physical).toHaveLength(4);
          if (format === 'json') for (const l of physical) expect(() => JSON.parse(l)).not.toThrow();
        }
      }
    }
  });

  it('escapes as \\u{…}, so the operator still reads what was sent', () => {
    let out = '';
    createLogger('text', (l) => (out += l))('info', 'join: a\nb\u202ec joined the server');
    expect(out).toMatch(/ join: a\\u\{a\}b\\u\{202e\}c joined the server\n$/);
  });
});

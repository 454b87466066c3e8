// The log line's detail: what a thrown value says about itself, never '[object Object]'.
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';

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

// The router's own table of cases (architecture.md, habit 3).
import { describe, expect, it } from 'vitest';
import { Router, type Match } from '../../src/http/routes/path-router.js';

const router = new Router<string>()
  .add('GET', '/a', 'get-a')
  .add('POST', '/a', 'post-a')
  .add('GET', '/a/b', 'get-ab')
  .add('GET', '/players/:uid', 'player')
  .add('DELETE', '/keys/:id', 'del-key')
  .add('GET', '/keys/:id', 'get-key')
  .add('GET', '/x/:a/y/:b', 'xy')
  .add('GET', '/', 'root');

type Expect = { handler: string; params?: Record<string, string> } | { allow: string[] } | null;

const cases: [string, string, Expect][] = [
  ['GET', '/a', { handler: 'get-a' }],
  ['POST', '/a', { handler: 'post-a' }],
  ['PUT', '/a', { allow: ['GET', 'POST'] }],
  ['GET', '/a/b', { handler: 'get-ab' }],
  ['GET', '/a/', null],
  ['GET', '/a/b/c', null],
  ['GET', '/A', null],
  ['GET', '/players/abc-1', { handler: 'player', params: { uid: 'abc-1' } }],
  ['GET', '/players/%41', { handler: 'player', params: { uid: '%41' } }],
  ['GET', '/players/', null],
  ['GET', '/players', null],
  ['GET', '/players/a/b', null],
  ['POST', '/players/x', { allow: ['GET'] }],
  ['DELETE', '/keys/0a1b2c3d', { handler: 'del-key', params: { id: '0a1b2c3d' } }],
  ['GET', '/keys/0a1b2c3d', { handler: 'get-key', params: { id: '0a1b2c3d' } }],
  ['PATCH', '/keys/1', { allow: ['DELETE', 'GET'] }],
  ['GET', '/x/1/y/2', { handler: 'xy', params: { a: '1', b: '2' } }],
  ['GET', '/x/1/z/2', null],
  ['GET', '/', { handler: 'root' }],
  ['GET', '', null],
  ['GET', '/nothing', null],
];

function simplify(m: Match<string>): Expect {
  if (m.kind === 'found') return { handler: m.handler, params: m.params };
  if (m.kind === 'method') return { allow: [...m.allow].sort() };
  return null;
}

describe('router', () => {
  it.each(cases)('%s %s', (method, path, want) => {
    const got = simplify(router.match(method, path));
    if (want && 'handler' in want) expect(got).toEqual({ handler: want.handler, params: want.params ?? {} });
    else expect(got).toEqual(want);
  });

  it('refuses a pattern without a leading slash', () => {
    expect(() => new Router().add('GET', 'a', 1)).toThrow();
  });
});

// The typed client by operation id: the path's {param}s filled and encoded, the query in the
// order given without empty members, the method from the route table, and the body a bodiless
// POST has always sent ({}), with the browser's fetch replaced by a recorder.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, pathOf, urlOf } from '../src/api/operations';

afterEach(() => vi.unstubAllGlobals());

function recorder() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body });
      return Promise.resolve(new Response(JSON.stringify({ data: 'ok' }), { status: 200 }));
    }),
  );
  return calls;
}

describe('pathOf', () => {
  it('fills and encodes the path parameters', () => {
    expect(pathOf('panelGetPlayer', { params: { uid: 'a b/c' } })).toBe('/players/a%20b%2Fc');
    expect(pathOf('restoreDryRun', { params: { id: 'x' } })).toBe('/backups/x/restore/dry-run');
  });

  it('adds the query in the order given, leaving out members with no value', () => {
    expect(pathOf('panelListPlayers', { query: { limit: 500, search: '', online: 'true' } })).toBe('/players?limit=500&online=true');
    expect(pathOf('listPanelEvents', { query: { limit: 100, kind: 'join' } })).toBe('/events?limit=100&kind=join');
    expect(pathOf('getConfig')).toBe('/config');
  });

  it('says which parameter is missing rather than calling a wrong path', () => {
    expect(() => pathOf('panelGetPlayer', { params: {} as { uid: string } })).toThrow('panelGetPlayer: no value for {uid}');
  });

  it('gives the browser the address under /api/v1', () => {
    expect(urlOf('downloadBackup', { params: { id: 'b1' } })).toBe('/api/v1/backups/b1/download');
  });
});

describe('call', () => {
  it("takes the method from the route table and sends {} for a bodiless POST, as the old client's post did", async () => {
    const calls = recorder();
    await call('saveWorld');
    await call('deleteBackup', { params: { id: 'b1' } });
    await call('announce', { body: { message: 'hi' } });
    expect(calls).toEqual([
      { url: '/api/v1/server/save', method: 'POST', body: '{}' },
      { url: '/api/v1/backups/b1', method: 'DELETE', body: undefined },
      { url: '/api/v1/server/announce', method: 'POST', body: '{"message":"hi"}' },
    ]);
  });

  it('sends a file as the body of an upload, not JSON', async () => {
    const calls = recorder();
    const file = new Blob(['x']);
    await call('uploadBackup', {}, { raw: file });
    expect(calls[0]).toMatchObject({ url: '/api/v1/backups/upload', method: 'POST', body: file });
  });
});

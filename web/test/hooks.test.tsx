// @vitest-environment jsdom
// The data hooks over the real api.ts, with the browser's fetch replaced by a scripted server:
// loading then data, an error then a retry, a failed refresh keeping what is shown, a 204 as
// success, the refresh interval (fake timers), pages with a cursor, and an edited resource.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAction, useApi, useData, useEditable, usePaged, type Loaded } from '../src/api/hooks';
import { api } from '../src/api/http';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fetch that answers each request with the next answer queued for its method and URL (or,
 * when none is left, with the last one again), and records every call. A route is `/path` (GET)
 * or `PUT /path`. Anything else is refused as an unreachable server would be. */
function fakeServer() {
  const calls: Call[] = [];
  const answers = new Map<string, (() => Response)[]>();
  const last = new Map<string, () => Response>();
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const key = `${init?.method ?? 'GET'} ${url}`;
    const queued = answers.get(key)?.shift() ?? last.get(key);
    if (!queued) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(queued());
  });
  vi.stubGlobal('fetch', fetch);
  const on = (route: string, answer: () => Response) => {
    const [method, path] = route.startsWith('/') ? ['GET', route] : route.split(' ');
    const key = `${method} /api/v1${path}`;
    answers.set(key, [...(answers.get(key) ?? []), answer]);
    last.set(key, answer);
  };
  return {
    calls,
    callsTo: (path: string) => calls.filter((c) => c.url === `/api/v1${path}`),
    json: (route: string, body: unknown, status = 200) =>
      on(route, () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
    empty: (route: string) => on(route, () => new Response(null, { status: 204 })),
    fail: (route: string, status: number, message: string) =>
      on(route, () => new Response(JSON.stringify({ error: { code: 'boom', message } }), { status })),
  };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useApi', () => {
  it('is loading until the answer, then has the data', async () => {
    server.json('/things', { n: 1 });
    const { result } = renderHook(() => useApi<{ n: number }>('/things'));
    expect(result.current).toMatchObject({ data: undefined, error: null, loading: true });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ data: { n: 1 }, error: null });
    expect(server.callsTo('/things')).toHaveLength(1);
  });

  it('says an error in the server’s words, and a retry then brings the data', async () => {
    server.fail('/things', 503, 'The game server did not answer in time.');
    server.json('/things', { n: 2 });
    const { result } = renderHook(() => useApi<{ n: number }>('/things'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error?.status).toBe(503);
    expect(result.current.error?.message).toBe('The game server did not answer in time.');

    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual({ n: 2 }));
    expect(result.current.error).toBeNull();
    expect(server.callsTo('/things')).toHaveLength(2);
  });

  it('keeps the last data when a refresh fails, with the error beside it', async () => {
    server.json('/things', { n: 1 });
    server.fail('/things', 500, 'Disk full.');
    const { result } = renderHook(() => useApi<{ n: number }>('/things'));
    await waitFor(() => expect(result.current.data).toEqual({ n: 1 }));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error?.message).toBe('Disk full.'));
    expect(result.current.data).toEqual({ n: 1 });
  });

  it('shows nothing of the old path while a new path loads', async () => {
    server.json('/a', { n: 'a' });
    server.json('/b', { n: 'b' });
    const { result, rerender } = renderHook(({ path }) => useApi<{ n: string }>(path), { initialProps: { path: '/a' } });
    await waitFor(() => expect(result.current.data).toEqual({ n: 'a' }));
    rerender({ path: '/b' });
    expect(result.current).toMatchObject({ data: undefined, loading: true });
    await waitFor(() => expect(result.current.data).toEqual({ n: 'b' }));
  });

  it('asks nothing for a null path', () => {
    const { result } = renderHook(() => useApi<unknown>(null));
    expect(result.current.data).toBeUndefined();
    expect(server.calls).toHaveLength(0);
  });

  it('refreshes every refreshMs while mounted, keeping the data on screen meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    let n = 0;
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ n: ++n }), { status: 200 })));
    vi.stubGlobal('fetch', fetch);
    const { result, rerender, unmount } = renderHook<Loaded<{ n: number }>, { refreshMs?: number }>(
      ({ refreshMs }) => useApi('/things', { refreshMs }),
      { initialProps: { refreshMs: 1000 } },
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.current).toMatchObject({ data: { n: 2 }, loading: false });
    for (const calls of [3, 4, 5]) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(fetch).toHaveBeenCalledTimes(calls);
    }
    expect(result.current.data).toEqual({ n: 5 });

    // Without refreshMs the interval stops; on unmount no timer is left behind.
    rerender({});
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetch).toHaveBeenCalledTimes(5);
    rerender({ refreshMs: 1000 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetch).toHaveBeenCalledTimes(6);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('useData unwraps the {data} envelope', async () => {
    server.json('/users', { data: [{ username: 'ann' }] });
    const { result } = renderHook(() => useData<{ username: string }[]>('/users'));
    await waitFor(() => expect(result.current.data).toEqual([{ username: 'ann' }]));
  });
});

describe('useAction', () => {
  it('resolves a 204 (nothing said) as success: null, not undefined, and no error', async () => {
    server.empty('DELETE /sessions/s1');
    const { result } = renderHook(() => useAction());
    let out: unknown = 'unset';
    await act(async () => {
      out = await result.current.run(() => api.del('/sessions/s1'));
    });
    expect(out).toBeNull();
    expect(result.current.error).toBeNull();
    expect(result.current.busy).toBe(false);
    expect(server.calls).toEqual([{ method: 'DELETE', url: '/api/v1/sessions/s1', body: undefined }]);
  });

  it('is busy while it runs, and a failure resolves undefined with its words', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { result } = renderHook(() => useAction());
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.run(() => api.post('/users', { username: 'x' }));
    });
    expect(result.current.busy).toBe(true);
    let out: unknown = 'unset';
    await act(async () => {
      answer(new Response(JSON.stringify({ error: { code: 'conflict', message: 'That username is taken.' } }), { status: 409 }));
      out = await done;
    });
    expect(out).toBeUndefined();
    expect(result.current).toMatchObject({ busy: false, error: 'That username is taken.' });

    act(() => result.current.clear());
    expect(result.current.error).toBeNull();
  });

  it('says a refused connection in words', async () => {
    const { result } = renderHook(() => useAction());
    await act(async () => {
      await result.current.run(() => api.get('/nobody-answers'));
    });
    expect(result.current.error).toBe('palpanel is not reachable. Is it still running?');
  });
});

describe('usePaged', () => {
  it('reads the first page, then the next with its cursor, until there is none', async () => {
    server.json('/audit?limit=2', { data: [{ id: 1 }, { id: 2 }], nextCursor: 'c2' });
    server.json('/audit?limit=2&cursor=c2', { data: [{ id: 3 }], nextCursor: null });
    const { result } = renderHook(() => usePaged<{ id: number }>('/audit?limit=2'));
    expect(result.current.rows).toBeNull();
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 1 }, { id: 2 }]));
    expect(result.current.hasMore).toBe(true);

    act(() => result.current.more());
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]));
    expect(result.current.hasMore).toBe(false);
  });

  it('says a failed page and reads again on reload', async () => {
    server.fail('/events', 500, 'The log is locked.');
    server.json('/events', { data: [{ id: 9 }], nextCursor: null });
    const { result } = renderHook(() => usePaged<{ id: number }>('/events'));
    await waitFor(() => expect(result.current.error).toBe('The log is locked.'));
    expect(result.current.rows).toBeNull();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 9 }]));
    expect(result.current.error).toBeNull();
  });
  it('live: a new key reads the first page again and puts its new rows on top, the older pages kept', async () => {
    server.json('/audit?limit=2', { data: [{ id: 5 }, { id: 4 }], nextCursor: 'c4' });
    server.json('/audit?limit=2&cursor=c4', { data: [{ id: 3 }], nextCursor: null });
    server.json('/audit?limit=2', { data: [{ id: 7 }, { id: 6 }], nextCursor: 'c6' });
    const { result, rerender } = renderHook(({ key }) => usePaged<{ id: number }>('/audit?limit=2', { key, idOf: (r) => r.id }), {
      initialProps: { key: 1 },
    });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 5 }, { id: 4 }]));
    act(() => result.current.more());
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 5 }, { id: 4 }, { id: 3 }]));
    // The same key again reads nothing.
    rerender({ key: 1 });
    expect(server.callsTo('/audit?limit=2')).toHaveLength(1);
    rerender({ key: 2 });
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 7 }, { id: 6 }, { id: 5 }, { id: 4 }, { id: 3 }]));
    expect(server.callsTo('/audit?limit=2')).toHaveLength(2);
  });
});

describe('useEditable', () => {
  it('keeps edits apart until saved with PUT, then reads the server’s copy again', async () => {
    server.json('/announcements', { data: { enabled: false, joinTemplate: 'hi {name}' } });
    // The server keeps the template trimmed.
    server.json('/announcements', { data: { enabled: true, joinTemplate: 'hey {name}' } });
    server.empty('PUT /announcements');
    const { result } = renderHook(() => useEditable<{ enabled: boolean; joinTemplate: string }>('/announcements'));
    await waitFor(() => expect(result.current.draft).toEqual({ enabled: false, joinTemplate: 'hi {name}' }));
    expect(result.current.dirty).toBe(false);

    act(() => result.current.setDraft({ enabled: true, joinTemplate: 'hey {name}  ' }));
    expect(result.current.dirty).toBe(true);
    expect(result.current.draft).toEqual({ enabled: true, joinTemplate: 'hey {name}  ' });
    expect(result.current.r.data?.enabled).toBe(false);

    await act(() => result.current.submit());
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(put).toEqual({ method: 'PUT', url: '/api/v1/announcements', body: { enabled: true, joinTemplate: 'hey {name}  ' } });
    // The PUT answered 204: saved, and the form shows what the server now holds.
    await waitFor(() => expect(result.current.r.data?.enabled).toBe(true));
    expect(result.current).toMatchObject({ draft: { enabled: true, joinTemplate: 'hey {name}' }, saved: true, dirty: false, error: null });
  });
});

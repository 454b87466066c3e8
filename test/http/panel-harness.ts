// A panel over the HTTP core (no socket) with a real store on a temp dir, an admin and a viewer,
// and a manual clock: what the panel route tests share.
import { createHandler, type HttpDeps } from '../../src/http/index.js';
import type { Handler } from '../../src/http/types.js';
import { P } from './conformance-table.js';
import { ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore, type WireRequest } from '../helpers/fixture.js';

export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
export const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };

export interface Credentials {
  username: string;
  password: string;
}

export interface PanelResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies member by member and check them with expect()
  json: any;
}

export interface PanelHarness {
  ts: TempStore;
  clock: ManualClock;
  send: (r: WireRequest, address?: string) => Promise<PanelResponse>;
  loginReq: (c: Credentials) => WireRequest;
  /** Signs in and returns the `cookie` header value; throws unless the login answered 200. */
  login: (c: Credentials) => Promise<string>;
}

export async function panelHarness(sessionTtlMs = 3_600_000, more: Partial<HttpDeps> = {}): Promise<PanelHarness> {
  const clock = new ManualClock();
  const ts = await tempStore(clock.now);
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 60, sessionTtlMs },
    clock: clock.now,
    log: silentLog,
    version: 't',
    ...more,
  });
  const send = async (r: WireRequest, address = '127.0.0.1'): Promise<PanelResponse> => {
    const res = await handler(toHttpRequest(r, address));
    const body = res.body === undefined ? '' : res.body.toString();
    return { status: res.status, headers: res.headers, body, json: body ? JSON.parse(body) : undefined };
  };
  const loginReq = (c: Credentials): WireRequest => ({ method: 'POST', path: `${P}/auth/login`, body: JSON.stringify(c) });
  const login = async (c: Credentials): Promise<string> => {
    const res = await send(loginReq(c));
    if (res.status !== 200) throw new Error(`login of ${c.username} answered ${res.status}`);
    return res.headers['set-cookie'].split(';')[0];
  };
  return { ts, clock, send, loginReq, login };
}

/** JSON calls on a panel handler, `send(method, '/config', cookie, body)`, and a login that
 * answers the session cookie: what the action tests that build their own handler share. */
export function panelCalls(handler: Handler) {
  const send = async (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await handler(
      toHttpRequest({
        method,
        path: `${P}${path}`,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const json: PanelResponse['json'] = res.body ? JSON.parse(String(res.body)) : undefined;
    return { status: res.status, json, headers: res.headers };
  };
  const login = async (c: Credentials) => String((await send('POST', '/auth/login', undefined, c)).headers['set-cookie']).split(';')[0];
  return { send, login };
}

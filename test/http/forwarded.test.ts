// Whose X-Forwarded-* headers palpanel believes (interface.md, "Beside a real server"): only a
// trusted proxy's; anyone else's are removed before a handler sees them.
import { describe, expect, it } from 'vitest';
import { forwardedResolver } from '../../src/http/forwarded.js';
import type { HttpRequest } from '../../src/http/types.js';

const req = (remoteAddress: string, headers: Record<string, string>): HttpRequest => ({
  method: 'POST',
  path: '/api/v1/auth/login',
  query: '',
  headers,
  remoteAddress,
  secure: false,
});

describe('forwarded headers', () => {
  const resolve = forwardedResolver(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

  it('from a trusted proxy: the client is the right-most address that is not a proxy, the scheme its X-Forwarded-Proto', () => {
    const r = resolve(req('::ffff:127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.2.3', 'x-forwarded-proto': 'https' }));
    expect(r.remoteAddress).toBe('203.0.113.7');
    expect(r.secure).toBe(true);
    expect(resolve(req('fd00::1', { 'x-forwarded-for': '2001:db8::5' })).remoteAddress).toBe('2001:db8::5');
    // A chain with garbage ends where the garbage starts.
    expect(resolve(req('127.0.0.1', { 'x-forwarded-for': 'not-an-ip, 10.9.9.9' })).remoteAddress).toBe('10.9.9.9');
  });

  it('from anyone else: X-Forwarded-For and X-Forwarded-Host are removed, the address is the peer', () => {
    const r = resolve(req('198.51.100.4', { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'panel.example', origin: 'https://x' }));
    expect(r.remoteAddress).toBe('198.51.100.4');
    expect(r.headers['x-forwarded-for']).toBeUndefined();
    expect(r.headers['x-forwarded-host']).toBeUndefined();
    expect(r.headers.origin).toBe('https://x');
  });

  it('with no trusted proxy set, nobody is believed', () => {
    const none = forwardedResolver([]);
    expect(none(req('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).remoteAddress).toBe('127.0.0.1');
  });
});

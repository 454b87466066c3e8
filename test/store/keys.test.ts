import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundError, TooManyKeysError, ValidationError } from '../../src/domain/errors.js';
import { openStore, type Store } from '../../src/store/index.js';
import { KEY_PATTERN } from '../../src/lib/key-grammar.js';
import { MAX_ACTIVE_KEYS } from '../../src/store/keys.js';
import { printable } from '../../src/lib/text.js';
import { tempDir } from '../helpers/cli.js';

const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function fresh(clock?: () => Date): Promise<{ store: Store; dir: string }> {
  const dir = tempDir();
  const store = await openStore(dir, clock);
  open.push(store);
  return { store, dir };
}

/** Every byte of every file under dir, for the "plaintext never stored" checks. */
function allBytes(dir: string): Buffer {
  const parts: Buffer[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isFile()) parts.push(readFileSync(p));
  }
  return Buffer.concat(parts);
}

describe('Key format', () => {
  it('svk_<8 hex>_<43 base64url>, 56 characters, id equal to the record id', async () => {
    const { store } = await fresh();
    for (let i = 0; i < 50; i++) {
      const k = store.keys.create(`k${i}`, 'cli');
      expect(k.key).toHaveLength(56);
      const m = KEY_PATTERN.exec(k.key);
      expect(m).not.toBeNull();
      expect(m![1]).toBe(k.id);
      expect(k.id).toMatch(/^[0-9a-f]{8}$/);
    }
  });

  it('ids never collide and every key is distinct', async () => {
    const { store } = await fresh();
    const keys = Array.from({ length: MAX_ACTIVE_KEYS }, (_, i) => store.keys.create(`k${i}`, 'cli'));
    expect(new Set(keys.map((k) => k.id)).size).toBe(keys.length);
    expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
  });

  it('the plaintext of a key never appears in any byte of the data dir', async () => {
    const { store, dir } = await fresh();
    const keys = Array.from({ length: 20 }, (_, i) => store.keys.create(`label ${i}`, 'cli'));
    for (const k of keys) expect(store.keys.verify(k.key)).toBe(k.id);
    store.flush();
    store.close();
    open.length = 0;
    const bytes = allBytes(dir);
    expect(bytes.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(bytes.includes(Buffer.from(k.key))).toBe(false);
      expect(bytes.includes(Buffer.from(k.key.slice(13)))).toBe(false); // the secret alone
    }
  });
});

describe('Key administration', () => {
  it('labels are trimmed and must be 1 to 64 characters', async () => {
    const { store } = await fresh();
    expect(store.keys.create('  bot  ', 'cli').label).toBe('bot');
    expect(store.keys.create('x'.repeat(64), 'cli').label).toHaveLength(64);
    for (const bad of ['', '   ', 'x'.repeat(65), 42, null]) expect(() => store.keys.create(bad, 'cli')).toThrow(ValidationError);
    expect(store.keys.list()).toHaveLength(2);
  });

  it('label length counts characters (code points), not UTF-16 units', async () => {
    const { store } = await fresh();
    expect(store.keys.create('😀'.repeat(64), 'cli').label).toBe('😀'.repeat(64));
    expect(store.keys.create(' é'.repeat(32).trim() + 'x', 'cli').label).toHaveLength(64);
    expect(() => store.keys.create('😀'.repeat(65), 'cli')).toThrow(/64 characters after trimming \(it has 65\)/);
    expect(() => store.keys.create('\t \n', 'cli')).toThrow(ValidationError);
  });

  it('labels with control characters, line breaks, bidi controls or nothing visible are refused, and change nothing', async () => {
    const { store } = await fresh();
    const bad = [
      'a\u0000b',
      'esc \u001b[31mred',
      'bell\u0007',
      'two\nlines',
      'cr\rx',
      'del\u007f',
      'c1\u0085',
      'ls\u2028x',
      'rtl \u202eevil',
      'iso\u2066x',
      'mark\u200fx',
      '\u200b\u200b',
      '\u200d \u2060',
      'in\ufeffner',
    ];
    for (const label of bad) {
      expect(() => store.keys.create(label, 'cli'), JSON.stringify(label)).toThrow(ValidationError);
    }
    expect(store.keys.list()).toEqual([]);
    // Letters of any script, emoji (with their joiners) and inner spaces stay allowed.
    for (const ok of ['Statusseite für Discord', 'ボット', 'بوت', '👩\u200d💻 bot']) expect(store.keys.create(ok, 'cli').label).toBe(ok);
  });

  it('a stored label prints with each unsafe character escaped', () => {
    expect(printable('old \u001b[31mlabel\u0007')).toBe('old \\u{1b}[31mlabel\\u{7}');
    expect(printable('a\u202eb\nc')).toBe('a\\u{202e}b\\u{a}c');
    expect(printable('plain label ✓')).toBe('plain label ✓');
  });

  it('at most 100 active keys; revoked keys do not count', async () => {
    const { store } = await fresh();
    const keys = Array.from({ length: MAX_ACTIVE_KEYS }, (_, i) => store.keys.create(`k${i}`, 'cli'));
    expect(() => store.keys.create('one too many', 'cli')).toThrow(TooManyKeysError);
    store.keys.revoke(keys[0].id, 'cli');
    expect(store.keys.create('fits again', 'cli').label).toBe('fits again');
    expect(() => store.keys.create('full again', 'cli')).toThrow(TooManyKeysError);
  });

  it('revoke sets revokedAt once; again returns the original; unknown id is not found', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const { store } = await fresh(() => new Date(now));
    const k = store.keys.create('a', 'cli');
    now += 1000;
    const first = store.keys.revoke(k.id, 'cli');
    expect(first.revokedAt).toBe('2026-01-01T00:00:01.000Z');
    now += 1000;
    expect(store.keys.revoke(k.id, 'cli').revokedAt).toBe(first.revokedAt);
    expect(() => store.keys.revoke('deadbeef', 'cli')).toThrow(NotFoundError);
    expect(() => store.keys.revoke('deadbeef', 'cli')).toThrow(/deadbeef/); // the message names the id
    expect(store.keys.list()[0].revokedAt).toBe(first.revokedAt);
  });

  it('lists newest first, keeping creation order within one millisecond', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const { store } = await fresh(() => new Date(now));
    const a = store.keys.create('a', 'cli');
    const b = store.keys.create('b', 'cli'); // same millisecond
    now += 5;
    const c = store.keys.create('c', 'cli');
    expect(store.keys.list().map((k) => k.id)).toEqual([c.id, b.id, a.id]);
    expect(store.keys.list().every((k) => !('key' in k))).toBe(true);
  });
});

describe('Key verification', () => {
  it('accepts the key and refuses every other form alike', async () => {
    const { store } = await fresh();
    const k = store.keys.create('a', 'cli');
    const other = store.keys.create('b', 'cli');
    store.keys.revoke(other.id, 'cli');
    expect(store.keys.verify(k.key)).toBe(k.id);
    const wrongSecret = k.key.slice(0, -1) + (k.key.endsWith('A') ? 'B' : 'A');
    for (const bad of ['', 'svk_', k.key + 'x', wrongSecret, `svk_00000000_${k.key.slice(13)}`, other.key, k.key.toUpperCase()]) {
      expect(store.keys.verify(bad)).toBeNull();
    }
  });

  it('marks lastUsedAt at once in reads and durably after a flush', async () => {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const { store, dir } = await fresh(() => new Date(now));
    const k = store.keys.create('a', 'cli');
    now += 60_000;
    store.keys.verify(k.key);
    expect(store.keys.list()[0].lastUsedAt).toBe('2026-01-01T00:01:00.000Z');
    store.flush();
    store.close();
    open.length = 0;
    const again = await openStore(dir);
    open.push(again);
    expect(again.keys.list()[0].lastUsedAt).toBe('2026-01-01T00:01:00.000Z');
  });
});

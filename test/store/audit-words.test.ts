// The audit log's own rules one by one (domain/audit.ts, store/audit.ts): the event line a row
// writes, the time filters' validation, the page limits, and a change noted outside the store.
// Written for the mutants Stryker found surviving in the audit module's tests.
import { afterEach, describe, expect, it } from 'vitest';
import { auditEventText } from '../../src/domain/audit.js';
import { ValidationError } from '../../src/domain/errors.js';
import { openStore, type Store } from '../../src/store/index.js';
import { tempDir } from '../helpers/temp.js';

const open: Store[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
async function store(): Promise<Store> {
  const s = await openStore(tempDir(), () => new Date('2026-07-14T09:30:00.000Z'));
  open.push(s);
  return s;
}

describe('the event line of an audit row', () => {
  const row = { actor: 'user:admin', action: 'key.create', target: '3f9a', outcome: 'ok', reason: null, detail: null } as const;

  it('names who did what to what, then the detail and a refusal with its reason', () => {
    expect(auditEventText(row)).toBe('admin: create integration key 3f9a');
    expect(auditEventText({ ...row, actor: 'cli' })).toBe('cli: create integration key 3f9a');
    expect(auditEventText({ ...row, target: '' })).toBe('admin: create integration key');
    expect(auditEventText({ ...row, detail: 'label "bot"' })).toBe('admin: create integration key 3f9a (label "bot")');
    expect(auditEventText({ ...row, outcome: 'refused', reason: 'too_many_keys' })).toBe(
      'admin: create integration key 3f9a: refused (too_many_keys)',
    );
    expect(auditEventText({ ...row, outcome: 'refused', reason: null })).toBe('admin: create integration key 3f9a: refused (refused)');
  });

  it('a change noted outside the store (a game action) is one row and one line, refused with its reason', async () => {
    const s = await store();
    s.audit.note({ actor: 'user:admin', action: 'server.announce', target: '' }, 'game_unavailable');
    const [r] = s.audit.list({ limit: 10 }).data;
    expect(r).toMatchObject({ actor: 'user:admin', action: 'server.announce', outcome: 'refused', reason: 'game_unavailable' });
    expect(s.events.page({ limit: 10, kinds: ['audit'] }).map((e) => e.message)).toEqual([auditEventText(r)]);
    // And one that happened: ok, no reason.
    s.audit.note({ actor: 'user:admin', action: 'server.announce', target: '', detail: 'hello' });
    expect(s.audit.list({ limit: 1 }).data[0]).toMatchObject({ outcome: 'ok', reason: null, detail: 'hello' });
  });
});

describe('the audit list filters', () => {
  it('takes RFC 3339 times in any letter case, and refuses impossible dates and times', async () => {
    const s = await store();
    expect(s.audit.list({ limit: 10, from: '2026-07-14t09:00:00z' }).data).toEqual([]);
    // Years below 100 are those years (0048 was a leap year; 1900, which Date.UTC would make of 0, was not).
    expect(s.audit.list({ limit: 10, from: '0048-02-29T00:00:00Z', to: '0050-01-01T00:00:00Z' }).data).toEqual([]);
    expect(s.audit.list({ limit: 10, to: '0000-02-29T00:00:00Z' }).data).toEqual([]);
    const bads = ['2026-02-30T00:00:00Z', '2025-02-29T00:00:00Z', '2026-04-31T00:00:00Z', '2026-13-14T00:00:00Z', '2026-00-10T00:00:00Z'];
    bads.push('2026-07-14T24:00:00Z', '2026-07-14T09:60:00Z', '2026-07-14T09:30:60Z', '0049-02-29T00:00:00Z', '14 July');
    for (const bad of bads) {
      expect(() => s.audit.list({ limit: 10, from: bad }), bad).toThrow(ValidationError);
      expect(() => s.audit.list({ limit: 10, to: bad }), bad).toThrow(/"to" time must be an RFC 3339 date-time/);
    }
  });

  it('a page holds 1 to 1,000 rows, and names the rule when asked for another', async () => {
    const s = await store();
    for (const limit of [1, 1000]) expect(s.audit.list({ limit }).data).toEqual([]);
    for (const limit of [0, 1001, 1.5]) expect(() => s.audit.list({ limit })).toThrow('The limit must be an integer from 1 to 1000.');
    expect(() => s.audit.list({ limit: 10, action: 'nope' })).toThrow(/The "action" filter must be one of key\.create, /);
  });
});

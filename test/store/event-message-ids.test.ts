// Events keep their message id and params in the store (issue 39): written with them, read back
// with them after the store is closed and opened again; a row written without (as before issue
// 39) keeps only its English; the Integration API's rows and the webhooks' queue stay English only.
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { say } from '../../src/domain/server-text.js';
import { tempDir } from '../helpers/temp.js';

describe('events with message ids', () => {
  it('keeps the id and params across a reopen; an old row has none', async () => {
    const dir = tempDir();
    const at = '2026-07-14T10:00:00.000Z';
    let store = await openStore(dir);
    store.events.append({ at, kind: 'leave', message: 'Old Timer left the server' });
    store.events.append({ at, kind: 'join', ...say('event.join', { player: 'Анна 🌙' }) });
    store.close();
    store = await openStore(dir);
    try {
      const [join, leave] = store.events.page({ limit: 10 });
      expect(join).toEqual({
        id: 2,
        at,
        kind: 'join',
        message: 'Анна 🌙 joined the server',
        messageId: 'event.join',
        params: { player: 'Анна 🌙' },
      });
      expect(leave).toEqual({ id: 1, at, kind: 'leave', message: 'Old Timer left the server' });
      expect(store.events.after(0, 10).map((e) => e.messageId ?? null)).toEqual([null, 'event.join']);
      // The Integration API's rows: exactly as the spec has them.
      expect(store.events.listPublic(10)).toEqual([
        { at, kind: 'join', message: 'Анна 🌙 joined the server' },
        { at, kind: 'leave', message: 'Old Timer left the server' },
      ]);
    } finally {
      store.close();
    }
  });
});

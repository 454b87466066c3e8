import { describe, expect, it } from 'vitest';
import type { LiveSnapshot } from '../../src/domain/live.js';
import { matchesSaveUid, playerIdOfSaveUid } from '../../src/domain/player-id.js';
import { isSavePlayerOnline, onlinePlayerIds } from '../../src/poller/online-join.js';
import { sanitizeName } from '../../src/poller/event-text.js';

describe('online join rule', () => {
  it('REST playerId equals the save uid without dashes, ignoring case', () => {
    expect(playerIdOfSaveUid('a1b2c3d4-1111-2222-3333-444455556666')).toBe('A1B2C3D4111122223333444455556666');
    expect(matchesSaveUid('a1b2c3d4111122223333444455556666', 'A1B2C3D4-1111-2222-3333-444455556666')).toBe(true);
    // The co-op host is a real player; an all-zero id is someone still loading.
    expect(matchesSaveUid('00000000000000000000000000000001', '00000000-0000-0000-0000-000000000001')).toBe(true);
    expect(matchesSaveUid('00000000000000000000000000000000', '00000000-0000-0000-0000-000000000000')).toBe(false);
    expect(matchesSaveUid('', '')).toBe(false);
  });

  it('nobody is online in an unreachable snapshot', () => {
    const players = [{ playerId: 'A1B2C3D4111122223333444455556666' }] as LiveSnapshot['players'];
    const snap: LiveSnapshot = { reachable: true, info: null, metrics: null, players, capturedAt: null };
    expect(isSavePlayerOnline('a1b2c3d4-1111-2222-3333-444455556666', onlinePlayerIds(snap))).toBe(true);
    expect(onlinePlayerIds({ ...snap, reachable: false }).size).toBe(0);
  });
});

describe('sanitizeName', () => {
  it('removes line breaks, controls and bidi overrides, bounds length', () => {
    expect(sanitizeName('Eve\r\nPalworld REST API is unreachable')).toBe('Eve Palworld REST API is unreachable');
    expect(sanitizeName('\u202eevil\u0000')).toBe('evil');
    expect(sanitizeName('\n\t ')).toBe('A player');
    expect(Array.from(sanitizeName('😀'.repeat(80)))).toHaveLength(64);
  });
});

import { describe, expect, it } from 'vitest';
import { activityOfName, mapActivity } from '../../src/game/activity-map.js';
import { decodeGameData, MAX_ACTORS } from '../../src/game/game-data-decoder.js';
import { normaliseInstanceId } from '../../src/game/instance-id.js';

describe('activity mapping', () => {
  it('maps action names onto the allowlist', () => {
    const table: Array<[string, string]> = [
      ['TransportItem', 'transporting'],
      ['WorkerWork', 'working'],
      ['Work_Mining', 'working'],
      ['Eat', 'eating'],
      ['EatFood', 'eating'],
      ['Sleep', 'sleeping'],
      ['Battle', 'combat'],
      ['Attack', 'combat'],
      ['Dying', 'incapacitated'],
      ['Move', 'moving'],
      ['Idle', 'idle'],
      ['WorkerIdle', 'idle'],
      ['None', 'idle'],
      ['Heat', 'unknown'],
      ['PRIVATE-PLAYER-ACTION', 'unknown'],
    ];
    for (const [name, activity] of table) expect([name, activityOfName(name)]).toEqual([name, activity]);
    expect(activityOfName('')).toBeNull();
  });

  it('prefers AI_Action unless it is None; IsActive false → inactive; nothing → unknown', () => {
    expect(mapActivity('Idle', 'TransportItem', false)).toBe('transporting');
    expect(mapActivity('Sleep', 'None', false)).toBe('sleeping');
    expect(mapActivity('', 'None', false)).toBe('idle');
    expect(mapActivity('', '', false)).toBe('unknown');
    expect(mapActivity('Idle', 'WorkerWork', true)).toBe('inactive');
  });
});

describe('instance ids', () => {
  it('normalises every spelling to lower-case hex, compound ids to their last part', () => {
    const want = '6f1d4b2a0c3e4e5f8a9b0c1d2e3f4a5b';
    expect(normaliseInstanceId('6F1D4B2A0C3E4E5F8A9B0C1D2E3F4A5B')).toBe(want);
    expect(normaliseInstanceId('{6f1d4b2a-0c3e-4e5f-8a9b-0c1d2e3f4a5b}')).toBe(want);
    expect(normaliseInstanceId('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA : 6F1D4B2A0C3E4E5F8A9B0C1D2E3F4A5B')).toBe(want);
    expect(normaliseInstanceId('worker-secret')).toBeNull();
  });
});

describe('decodeGameData', () => {
  it('keeps only allowed fields and tolerates odd actors', () => {
    const frame = decodeGameData({
      Time: '2026-06-17 13:00:40',
      FPS: '91.5',
      ActorData: [
        {
          Type: 'Character',
          UnitType: 'Player',
          InstanceID: 'player-secret',
          NickName: 'Alex',
          userid: 'steam_1',
          ip: '192.0.2.1',
          level: 42,
          HP: 100,
          MaxHP: 120,
          IsActive: 'true',
          Action: 'Idle',
          AI_Action: 'None',
          GuildName: 'Skyforge',
          LocationX: 1,
        },
        {
          Type: 'Character',
          UnitType: 'BaseCampPal',
          InstanceID: 'BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
          Level: '12',
          IsActive: 'false',
          AI_Action: 'TransportItem',
        },
        { Type: 'PalBox', Name: '新規生成拠点テンプレート名13(仮)', GuildName: 'Skyforge' },
        { Type: 'Strange Type!' },
        null,
        'text',
        42,
      ],
    });
    expect(frame).not.toBeNull();
    expect(frame!.fps).toBe(91.5);
    expect(frame!.fpsAvg).toBe(91.5);
    expect(frame!.actors).toEqual([
      { type: 'Character', unitType: 'Player', instanceId: null, level: 42, hp: 100, maxHp: 120, active: true, activity: 'idle' },
      {
        type: 'Character',
        unitType: 'BaseCampPal',
        instanceId: 'b'.repeat(32),
        level: 12,
        hp: 0,
        maxHp: 0,
        active: false,
        activity: 'inactive',
      },
      { type: 'PalBox', unitType: '', instanceId: null, level: 0, hp: 0, maxHp: 0, active: false, activity: 'unknown' },
      { type: '', unitType: '', instanceId: null, level: 0, hp: 0, maxHp: 0, active: false, activity: 'unknown' },
    ]);
    const text = JSON.stringify(frame);
    for (const s of ['Alex', 'steam_1', '192.0.2.1', 'Skyforge', 'player-secret', '新規']) expect(text).not.toContain(s);
  });

  it('rejects documents without ActorData and bounds the actor count', () => {
    expect(decodeGameData({ FPS: 1 })).toBeNull();
    expect(decodeGameData([])).toBeNull();
    const many = decodeGameData({ ActorData: Array.from({ length: MAX_ACTORS + 5 }, () => ({ Type: 'Character', UnitType: 'WildPal' })) });
    expect(many!.actors).toHaveLength(MAX_ACTORS);
    expect(many!.dropped).toBe(5);
  });
});

// The Palworld raw-data layouts, on synthetic blobs: every guild layout (0.4 has no fixture), the
// exact-end rule, and the trailers of characters, base camps and worker directors.
import { describe, expect, it } from 'vitest';
import { decodeBaseCamp, decodeWorkerDirector } from '../../src/save/palworld/base-camp.js';
import { decodeCharacter } from '../../src/save/palworld/character.js';
import { SaveFormatError } from '../../src/save/errors.js';
import { decodeGroup } from '../../src/save/palworld/guild.js';
import { ByteReader } from '../../src/save/reader.js';
import { WarningSink } from '../../src/save/warnings.js';
import { baseCampBlob, characterBlob, guildBlob, intProp, strProp, workerDirectorBlob, type GuildLayout } from './synthetic.js';
import { g, W } from './writer.js';

const spec = {
  id: g(0x100),
  name: 'Ünïcode 🐑 Guild',
  admin: g(1),
  level: 9,
  baseIds: [g(0x200), g(0x201)],
  members: [
    { uid: g(1), name: 'Alpha' },
    { uid: g(2), name: '二' },
  ],
};

describe('guild layouts', () => {
  it.each(['1.0', '0.6', '0.4', '0.1'] as GuildLayout[])('decodes the %s layout and only that one', (layout) => {
    const res = decodeGroup(new ByteReader(guildBlob(spec, layout)), 'EPalGroupType::Guild');
    expect(res).toMatchObject({
      id: spec.id,
      name: spec.name,
      adminUid: spec.admin,
      baseCampLevel: 9,
      baseIds: spec.baseIds,
      layout,
      members: [
        { uid: g(1), name: 'Alpha' },
        { uid: g(2), name: '二' },
      ],
    });
    if (layout === '1.0') expect(res?.members.map((m) => m.role)).toEqual([1, 2]);
  });

  it('rejects a blob that fits no layout exactly', () => {
    const blob = new W().bytes(guildBlob(spec, '0.6')).u8(7).done();
    expect(decodeGroup(new ByteReader(blob), 'EPalGroupType::Guild')).toBeUndefined();
    // A blob too short for the common prefix is a format error the caller turns into a warning.
    expect(() => decodeGroup(new ByteReader(blob.subarray(0, 40)), 'EPalGroupType::Guild')).toThrow(SaveFormatError);
  });

  it('ignores groups that are not guilds', () => {
    expect(decodeGroup(new ByteReader(new Uint8Array(24)), 'EPalGroupType::Neutral')).toBeNull();
    expect(decodeGroup(new ByteReader(new Uint8Array(37)), 'EPalGroupType::Organization')).toBeNull();
  });

  it('refuses a member count larger than the blob before allocating', () => {
    const w = new W().guid(g(5)).str('x').u32(0).u8(1).u32(0).i32(1).u32(0).str('n').guid(g(1)).u32(0xffffffff);
    expect(decodeGroup(new ByteReader(w.done()), 'EPalGroupType::Guild')).toBeUndefined();
  });
});

describe('base camp and worker director', () => {
  it('reads both with and without the v0.6 trailer', () => {
    for (const trailer of [true, false]) {
      const b = decodeBaseCamp(new ByteReader(baseCampBlob(g(0x200), g(0x100), -1000.5, 2000.25, trailer)));
      expect(b).toMatchObject({ id: g(0x200), groupId: g(0x100), location: { x: -1000.5, y: 2000.25, z: 100 }, trailer });
      const d = decodeWorkerDirector(new ByteReader(workerDirectorBlob(g(0x300), g(0x400), trailer)));
      expect(d).toEqual({ id: g(0x300), containerId: g(0x400) });
    }
  });

  it('rejects unknown tails', () => {
    const blob = new W()
      .bytes(baseCampBlob(g(1), g(2), 0, 0))
      .u32(0)
      .done();
    expect(decodeBaseCamp(new ByteReader(blob))).toBeUndefined();
    expect(decodeWorkerDirector(new ByteReader(new Uint8Array(10)))).toBeUndefined();
  });
});

describe('character raw data', () => {
  const ctx = (gvas: Uint8Array) => ({ file: 'Level.sav', warnings: new WarningSink(), gvas });

  it('reads the SaveParameter, group id and optional trailer', () => {
    for (const trailer of [true, false]) {
      const blob = characterBlob([strProp('CharacterID', 'SheepBall'), intProp('Level', 4)], g(0x100), trailer);
      const c = decodeCharacter(ctx(blob), blob, 'x');
      expect(c.groupId).toBe(g(0x100));
      expect(c.trailer).toBe(trailer);
      expect(c.facts.characterId).toBe('SheepBall');
      expect(c.facts.level).toBe(4);
    }
  });

  it('throws a SaveFormatError for an unknown tail or a missing SaveParameter', () => {
    const blob = new W()
      .bytes(characterBlob([intProp('Level', 4)]))
      .u8(1)
      .done();
    expect(() => decodeCharacter(ctx(blob), blob, 'x')).toThrow(SaveFormatError);
    const empty = new W().str('None').u32(0).guid(g(1)).done();
    expect(() => decodeCharacter(ctx(empty), empty, 'x')).toThrow(SaveFormatError);
  });
});

// Level.sav's maps are decoded entry by entry as they are read (issue 16), with the outcome of
// decoding them whole first: the occurrence of a map that ends up in worldSaveData is the one
// that counts, and the warnings of its entries follow those of the GVAS walk, in map order.
import { describe, expect, it } from 'vitest';
import { decodeWorld, decodeWorldStreamed } from '../../src/save/index.js';
import { WarningSink } from '../../src/save/warnings.js';
import { characterEntry, levelSav, owner, P1, pal, player, ZERO } from './synthetic.js';
import { g, mapProp, prop } from './writer.js';

const broken = (): [Uint8Array, Uint8Array] => characterEntry(ZERO, g(0xbad), new Uint8Array([1, 2, 3]));

describe('streamed Level.sav maps', () => {
  it('when a map repeats, only the occurrence that ends up in worldSaveData counts (entries and warnings)', () => {
    const level = levelSav({
      characters: [
        characterEntry(P1, g(0x901), player('Uno', 30)),
        characterEntry(ZERO, g(0xa01), pal('SheepBall', [owner(P1)])),
        broken(),
      ],
      guilds: [],
      bases: [],
      // A later CharacterSaveParameterMap replaces the first one, as a property list keeps the
      // last value of a repeated name: its one pal is the only pal.
      extra: [
        mapProp('CharacterSaveParameterMap', 'StructProperty', 'StructProperty', [
          characterEntry(ZERO, g(0xa02), pal('PinkCat', [owner(P1)])),
        ]),
      ],
    });
    const r = decodeWorld({ level, players: new Map() }, 'GVAS');
    expect(r.pals.map((p) => p.instanceId)).toEqual([g(0xa02)]);
    expect(r.players).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it('entry warnings follow the warnings of the GVAS walk, characters first', () => {
    const level = levelSav({
      characters: [broken(), characterEntry(ZERO, g(0xa01), pal('SheepBall', [owner(P1)]))],
      guilds: [{ id: g(0x100), type: 'EPalGroupType::Guild', raw: new Uint8Array([9, 9, 9]) }],
      bases: [],
      // A property the walk decodes, after the maps in the file, of a type nobody knows.
      extra: [prop('WorldMetaSaveVersionBitMask', 'FancyProperty', new Uint8Array([1, 2, 3]))],
    });
    const r = decodeWorld({ level, players: new Map() }, 'GVAS');
    expect(r.warnings.map((w) => [w.path, w.message.replace(/:.*/, '')])).toEqual([
      ['worldSaveData.WorldMetaSaveVersionBitMask', 'FancyProperty skipped'],
      ['worldSaveData.CharacterSaveParameterMap[0].RawData', 'properties from here on skipped'],
      ['worldSaveData.CharacterSaveParameterMap[0].RawData', 'character skipped'],
      ['worldSaveData.GroupSaveDataMap[0].RawData', 'guild skipped'],
    ]);
    expect(r.pals.map((p) => p.instanceId)).toEqual([g(0xa01)]);
  });

  it('the streamed pal rows are the rows of the whole parse, in instance-id order, once', () => {
    const level = levelSav({
      characters: [g(0xa03), g(0xa01), g(0xa02)].map((id) => characterEntry(ZERO, id, pal('SheepBall', [owner(P1)]))),
      guilds: [],
      bases: [],
    });
    const whole = decodeWorld({ level, players: new Map() }, 'GVAS');
    const streamed = decodeWorldStreamed({ level, players: new Map() }, 'GVAS');
    expect(streamed.palCount).toBe(3);
    expect([...streamed.pals]).toEqual(whole.pals);
    expect(whole.pals.map((p) => p.instanceId)).toEqual([g(0xa01), g(0xa02), g(0xa03)]);
  });
});

describe('WarningSink.append', () => {
  it("adds the other sink's warnings after its own, within the cap, with the drift flag and the dropped count", () => {
    const a = new WarningSink();
    const b = new WarningSink();
    a.add('f', 1, 'p', 'first', false);
    b.add('f', 2, 'q', 'second', true);
    b.dropped = 3;
    a.append(b);
    expect(a.list.map((w) => w.message)).toEqual(['first', 'second']);
    expect(a.drift).toBe(true);
    expect(a.finish().at(-1)!.message).toBe('3 more warnings were not kept');
  });
});

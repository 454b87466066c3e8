// The bulk of a real Level.sav that palpanel does not read: map objects, item containers, foliage,
// spawners, work, dynamic items, enemy camps and dungeons. The parser skips all of it by size, but
// a benchmark world without it would measure a parser of characters alone: in the 1.0 fixture the
// characters are a fifth of the GVAS. Each property is written in the byte share it has there
// (BULK_BYTES, measured with bench/parse/measure-bulk.ts) times `scale`, with shapes after the
// real ones (property lists, nested maps and arrays, RawData blobs), so the skipping walks through
// structures like the game's, and blobs that compress about as well as the game's.
import { seededRandom } from '../../lib/prng.js';
import type { ByteWriter } from './bytes.js';
import {
  boolProp,
  bytesProp,
  enumProp,
  guidProp,
  int64Prop,
  intProp,
  nameProp,
  openMapProp,
  prop,
  structArrayProp,
  structProp,
} from './gvas.js';

/**
 * Bytes of each skipped worldSaveData property in the v1.0-relics fixture (37,029,985 bytes of
 * GVAS, 2,167 characters = 8,043,084 bytes, 21.7%). The rest of its GVAS is smaller properties.
 *   MapObjectSaveData               11,185,359  30.2%  5,452 elements
 *   MapObjectSpawnerInStageSaveData  7,964,751  21.5%  1 entry of 29,470 spawners
 *   ItemContainerSaveData            6,572,764  17.8%  4,873 containers
 *   FoliageGridSaveDataMap           1,361,738   3.7%  959 grid cells
 *   DynamicItemSaveData                417,146   1.1%  1,461 items
 *   EnemyCampSaveData                  259,543   0.7%  40 camps
 *   DungeonSaveData                    234,930   0.6%  152 dungeons
 *   WorkSaveData                       172,259   0.5%  227 works
 *   DungeonPointMarkerSaveData          57,063   0.2%  170 markers
 *   GuildExtraSaveDataMap               42,442   0.1%  10 guilds
 */
export const BULK_BYTES = {
  MapObjectSaveData: 11_185_359,
  FoliageGridSaveDataMap: 1_361_738,
  MapObjectSpawnerInStageSaveData: 7_964_751,
  WorkSaveData: 172_259,
  ItemContainerSaveData: 6_572_764,
  DynamicItemSaveData: 417_146,
  GuildExtraSaveDataMap: 42_442,
  EnemyCampSaveData: 259_543,
  DungeonPointMarkerSaveData: 57_063,
  DungeonSaveData: 234_930,
} as const;

/** Bytes of the skipped bulk per character in the fixture: (37,029,985 − 8,043,084) / 2,167. */
export const FIXTURE_BULK_PER_CHARACTER = 13_376;

const OBJECTS = [
  'DamagableRock0002',
  'Stone_pillar',
  'PalBoxV2',
  'WoodenFoundation',
  'WoodenWall',
  'Campfire',
  'ItemChest',
  'Tree_Palm_01',
];
const ITEMS = ['Wood', 'Stone', 'PalSphere', 'Berries', 'IronIngot', 'Fiber', 'Paldium', 'Arrow'];
const AREAS = ['Yakushima001', 'Grass001', 'Desert002', 'Snow003', 'Volcano001'];

export class BulkWriter {
  private readonly rnd: () => number;

  constructor(
    seed: number,
    private readonly scale: number,
  ) {
    // Its own stream of numbers: the world's model does not change with the bulk.
    this.rnd = seededRandom(seed ^ 0x5bd1e995);
  }

  private int(n: number): number {
    return Math.floor(this.rnd() * n);
  }

  private guid(w: ByteWriter): ByteWriter {
    for (let i = 0; i < 4; i++) w.u32(this.int(2 ** 32));
    return w;
  }

  private pick<T>(a: readonly T[]): T {
    return a[this.int(a.length)];
  }

  /** A RawData blob like the game's: an id, a transform on a coarse grid, counters, then zeros. */
  private blob(w: ByteWriter, n: number): void {
    bytesProp(w, 'RawData', (b) => {
      const start = b.len;
      // Half the ids the game writes in a blob are "none" (zero); positions sit on a coarse grid.
      if (n >= 16) {
        if (this.rnd() < 0.5) this.guid(b);
        else b.zeros(16);
      }
      if (n >= 16 + 80) {
        b.f64(0)
          .f64(0)
          .f64(this.rnd() < 0.5 ? 0 : 0.7071)
          .f64(1);
        b.f64(this.int(2000) * 200 - 200_000)
          .f64(this.int(2000) * 200 - 200_000)
          .f64(this.int(20) * 100);
        b.f64(1).f64(1).f64(1);
      }
      while (b.len - start + 4 <= n && b.len - start < 40 + 96) b.i32(this.int(4) === 0 ? this.int(100) : 0);
      b.zeros(n - (b.len - start));
    });
  }

  /** The CustomVersionData blob next to most RawData: a count and version entries. */
  private versions(w: ByteWriter, n: number): void {
    bytesProp(w, 'CustomVersionData', (b) => {
      const entries = Math.floor((n - 4) / 20);
      b.u32(entries);
      for (let i = 0; i < entries; i++) b.u32(0x1aa0b1fc).u32(0x4b2f16f1).u32(0x9e7b3d21).u32(0x82c8a0d4).i32(1);
      b.zeros(n - 4 - entries * 20);
    });
  }

  private raw(w: ByteWriter, n: number, v = 44): void {
    this.blob(w, n);
    this.versions(w, v);
  }

  /** Writes elements while the property is short of its share; returns how many it wrote. */
  private fill(w: ByteWriter, target: number, one: () => void): number {
    const start = w.len;
    let count = 0;
    while (w.len - start < target) {
      one();
      count++;
    }
    return count;
  }

  private share(name: keyof typeof BULK_BYTES): number {
    return Math.round(BULK_BYTES[name] * this.scale);
  }

  /** Written right after CharacterSaveParameterMap, as in the game's file order. */
  afterCharacters(w: ByteWriter): void {
    structArrayProp(w, 'MapObjectSaveData', 'PalMapObjectSaveData', (x) =>
      this.fill(x, this.share('MapObjectSaveData'), () => {
        nameProp(x, 'MapObjectId', this.pick(OBJECTS));
        structProp(x, 'Model', 'PalMapObjectModelSaveData', (m) => {
          structProp(m, 'BuildProcess', 'PalMapObjectBuildProcessSaveData', (b) => this.raw(b, 21, 24));
          structProp(m, 'Connector', 'PalMapObjectConnectorSaveData', (b) => this.raw(b, this.rnd() < 0.5 ? 48 : 0, 24));
          openMapProp(m, 'EffectMap', 'EnumProperty', 'StructProperty', () => 0);
          structProp(m, 'Paint', 'PalMapObjectPaintSaveData', (b) => this.raw(b, 24, 24));
          this.raw(m, 261);
        });
        structProp(x, 'ConcreteModel', 'PalMapObjectConcreteModelSaveData', (c) => {
          openMapProp(c, 'ModuleMap', 'EnumProperty', 'StructProperty', (e) => {
            const n = this.int(3);
            for (let i = 0; i < n; i++) {
              e.str(`EPalMapObjectConcreteModelModuleType::${i === 0 ? 'StatusObserver' : 'ItemContainer'}`);
              this.raw(e, i === 0 ? 0 : 120, 4);
              e.str('None');
            }
            return n;
          });
          this.raw(c, 102 + this.int(400));
        });
        x.str('None');
      }),
    );
    openMapProp(w, 'FoliageGridSaveDataMap', 'StructProperty', 'StructProperty', (x) =>
      this.fill(x, this.share('FoliageGridSaveDataMap'), () => {
        intProp(x, 'X', this.int(60) - 30);
        intProp(x, 'Y', this.int(60) - 30);
        intProp(x, 'Z', this.int(3) - 1);
        x.str('None');
        openMapProp(x, 'ModelMap', 'NameProperty', 'StructProperty', (m) => {
          m.str(`PalFoliage_${this.pick(['Tree', 'Rock', 'Bush'])}_0${this.int(9)}`);
          nameProp(m, 'FoliagePresetType', 'EPalFoliagePresetType::Tree');
          openMapProp(m, 'InstanceDataMap', 'StructProperty', 'StructProperty', (d) => {
            const n = 2 + this.int(12);
            for (let i = 0; i < n; i++) {
              guidProp(d, 'ID', '00000000-0000-0000-0000-000000000000');
              d.str('None');
              this.blob(d, 56);
              d.str('None');
            }
            return n;
          });
          m.str('None');
          return 1;
        });
        x.str('None');
      }),
    );
    openMapProp(w, 'MapObjectSpawnerInStageSaveData', 'StructProperty', 'StructProperty', (x) => {
      guidProp(x, 'InternalId', '00000000-0000-0000-0000-000000000000');
      boolProp(x, 'bValid', true);
      x.str('None');
      openMapProp(x, 'SpawnerDataMapByLevelObjectInstanceId', 'StructProperty', 'StructProperty', (s) =>
        this.fill(s, this.share('MapObjectSpawnerInStageSaveData'), () => {
          this.guid(s);
          openMapProp(s, 'ItemMap', 'IntProperty', 'StructProperty', (m) => {
            m.i32(0);
            int64Prop(m, 'NextLotteryGameTime', -1n);
            prop(
              m,
              'MapObjectInstanceId',
              'StructProperty',
              (t) => t.str('Guid').zeros(16),
              (v) => this.guid(v),
            );
            m.str('None');
            return 1;
          });
          s.str('None');
        }),
      );
      x.str('None');
      return 1;
    });
    structArrayProp(w, 'WorkSaveData', 'PalWorkSaveData', (x) =>
      this.fill(x, this.share('WorkSaveData'), () => {
        enumProp(x, 'WorkableType', 'EPalWorkableType', 'EPalWorkableType::Progress');
        openMapProp(x, 'WorkAssignMap', 'StructProperty', 'StructProperty', () => 0);
        this.raw(x, 308 + this.int(8));
        x.str('None');
      }),
    );
  }

  /** Written after GroupSaveDataMap (item containers, dynamic items, guild extras). */
  afterGroups(w: ByteWriter): void {
    openMapProp(w, 'ItemContainerSaveData', 'StructProperty', 'StructProperty', (x) =>
      this.fill(x, this.share('ItemContainerSaveData'), () => {
        prop(
          x,
          'ID',
          'StructProperty',
          (t) => t.str('Guid').zeros(16),
          (v) => this.guid(v),
        );
        x.str('None');
        structProp(x, 'BelongInfo', 'PalItemContainerBelongInfo', (b) => {
          guidProp(b, 'GroupId', '00000000-0000-0000-0000-000000000000');
          boolProp(b, 'bControllableOthers', false);
        });
        const slots = 1 + this.int(6);
        structArrayProp(x, 'Slots', 'PalItemSlotSaveData', (s) => {
          for (let i = 0; i < slots; i++) {
            bytesProp(s, 'RawData', (b) => {
              b.i32(i)
                .i32(this.int(50))
                .str(this.pick(ITEMS))
                .zeros(16 + 16 + 4 + 12);
            });
            this.versions(s, 44);
            s.str('None');
          }
          return slots;
        });
        intProp(x, 'SlotNum', slots);
        this.raw(x, 20);
        x.str('None');
      }),
    );
    // Read since issue 42: each blob is a dynamic item's own layout (ids, then its static id).
    structArrayProp(w, 'DynamicItemSaveData', 'PalDynamicItemSaveData', (x) =>
      this.fill(x, this.share('DynamicItemSaveData'), () => {
        const n = 71 + this.int(8);
        bytesProp(x, 'RawData', (b) => {
          const start = b.len;
          b.zeros(16);
          this.guid(b).str(this.pick(ITEMS));
          b.zeros(Math.max(0, n - (b.len - start)));
        });
        this.versions(x, 44);
        x.str('None');
      }),
    );
    openMapProp(w, 'GuildExtraSaveDataMap', 'StructProperty', 'StructProperty', (x) =>
      this.fill(x, this.share('GuildExtraSaveDataMap'), () => {
        this.guid(x);
        structProp(x, 'GuildItemStorage', 'PalGuildItemStorageSaveData', (s) => this.raw(s, 2000 + this.int(2000)));
        x.str('None');
      }),
    );
  }

  /** Written after GameTimeSaveData (enemy camps and dungeons). */
  afterTime(w: ByteWriter): void {
    structProp(w, 'EnemyCampSaveData', 'PalEnemyCampSaveData', (c) => {
      openMapProp(c, 'EnemyCampStatusMap', 'NameProperty', 'StructProperty', (x) =>
        this.fill(x, this.share('EnemyCampSaveData'), () => {
          x.str(`${this.pick(['Ninja', 'Bandit', 'Hunter'])}_0${this.int(9)}_0${this.int(9)}`);
          boolProp(x, 'bIsSpawned', true);
          nameProp(x, 'RewardPalId', 'KendoFrog');
          intProp(x, 'RewardPalLevel', 1 + this.int(60));
          openMapProp(x, 'TreasureBoxInfoMapBySpawnerName', 'NameProperty', 'StructProperty', (t) => {
            for (let i = 0; i < 4; i++) {
              t.str(`BP_EnemyCampTreasureBoxSpawnerComponent_${i}`);
              nameProp(t, 'MapObjectId', 'TreasureBox_EnemyCampGoal');
              enumProp(t, 'GradeType', 'EPalMapObjectTreasureGradeType', 'EPalMapObjectTreasureGradeType::Grade5');
              structArrayProp(t, 'Items', 'PalItemAndNum', (it) => {
                for (let j = 0; j < 4; j++) {
                  structProp(it, 'ItemId', 'PalItemId', (id) => {
                    nameProp(id, 'StaticId', this.pick(ITEMS));
                    structProp(id, 'DynamicId', 'PalDynamicItemId', (d) => {
                      guidProp(d, 'CreatedWorldId', '00000000-0000-0000-0000-000000000000');
                      guidProp(d, 'LocalIdInCreatedWorld', '00000000-0000-0000-0000-000000000000');
                    });
                  });
                  intProp(it, 'Num', 1 + this.int(5));
                  it.str('None');
                }
                return 4;
              });
              boolProp(t, 'bOpened', false);
              t.str('None');
            }
            return 4;
          });
          x.str('None');
        }),
      );
    });
    structArrayProp(w, 'DungeonPointMarkerSaveData', 'PalDungeonPointMarkerSaveData', (x) =>
      this.fill(x, this.share('DungeonPointMarkerSaveData'), () => {
        prop(
          x,
          'MarkerPointId',
          'StructProperty',
          (t) => t.str('Guid').zeros(16),
          (v) => this.guid(v),
        );
        nameProp(x, 'DungeonSpawnAreaId', this.pick(AREAS));
        x.str('None');
      }),
    );
    structArrayProp(w, 'DungeonSaveData', 'PalDungeonSaveData', (x) =>
      this.fill(x, this.share('DungeonSaveData'), () => {
        prop(
          x,
          'InstanceId',
          'StructProperty',
          (t) => t.str('Guid').zeros(16),
          (v) => this.guid(v),
        );
        enumProp(x, 'DungeonType', 'EPalDungeonType', 'EPalDungeonType::Normal');
        prop(
          x,
          'MarkerPointId',
          'StructProperty',
          (t) => t.str('Guid').zeros(16),
          (v) => this.guid(v),
        );
        const area = this.pick(AREAS);
        nameProp(x, 'DungeonSpawnAreaId', area);
        nameProp(x, 'DungeonLevelName', `${area}_0${1 + this.int(3)}`);
        enumProp(x, 'BossState', 'EPalDungeonInstanceBossState', 'EPalDungeonInstanceBossState::Spawned');
        nameProp(x, 'EnemySpawnerDataBossRowName', String(this.int(40)));
        intProp(x, 'ReservedDataLayerAssetIndex', this.int(4));
        structArrayProp(x, 'MapObjectSaveData', 'PalMapObjectSaveData', (m) => {
          const n = this.int(2);
          for (let i = 0; i < n; i++) {
            nameProp(m, 'MapObjectId', 'TreasureBox');
            structProp(m, 'Model', 'PalMapObjectModelSaveData', (mm) => this.raw(mm, 261));
            m.str('None');
          }
          return n;
        });
        x.str('None');
      }),
    );
  }
}

// BaseCampSaveData values: the base's own RawData (id, placeholder name, state, transform, area,
// owning guild, ...) and its WorkerDirector RawData, which names the character container that
// holds the base's worker pals. Both gained a 4-byte trailer in v0.6.

import { readTrailer, readTransform, firstExactFit } from './raw-common.js';
import type { ByteReader } from '../reader.js';

export interface BaseCampRaw {
  id: string;
  name: string;
  groupId: string;
  /** World position in Unreal units (cm). */
  location: { x: number; y: number; z: number };
  /** The base's radius in Unreal units (cm), e.g. 3500. */
  areaRange: number;
  trailer: boolean;
}

export function decodeBaseCamp(r: ByteReader): BaseCampRaw | undefined {
  return firstExactFit(r, [
    (r): BaseCampRaw => {
      const id = r.guid();
      const name = r.fstring();
      r.skip(1); // state
      const location = readTransform(r);
      const areaRange = r.f32();
      const groupId = r.guid();
      readTransform(r); // fast-travel local transform
      r.skip(16); // owner map object (the Palbox)
      const trailer = readTrailer(r, 'base camp');
      return { id, name, groupId, location, areaRange, trailer };
    },
  ]);
}

export interface WorkerDirectorRaw {
  id: string;
  containerId: string;
}

export function decodeWorkerDirector(r: ByteReader): WorkerDirectorRaw | undefined {
  return firstExactFit(r, [
    (r): WorkerDirectorRaw => {
      const id = r.guid();
      readTransform(r); // spawn transform
      r.skip(2); // current order type, current battle type
      const containerId = r.guid();
      readTrailer(r, 'worker director');
      return { id, containerId };
    },
  ]);
}

// The decoded form of GVAS property values, and typed accessors over it. The accessors return
// undefined for a missing property or one of an unexpected type, so the mapping code decides what
// an absent value means (most Palworld properties are omitted at their default).

import type { WarningSink } from '../warnings.js';
import type { ByteReader } from '../reader.js';

/** A property list (a non-native struct): name → value. A Map, so no name read from a file can
 * collide with an object's prototype. */
export type Props = Map<string, Value>;

/** A MapProperty: its entries in file order (keys may be structs, so no JS Map). */
export class PropMap {
  constructor(readonly entries: [Value, Value][]) {}
}

/** An ArrayProperty<ByteProperty> (where Palworld keeps its RawData blobs): a view, no copy. */
export type Bytes = Uint8Array;

/** A native (fixed-layout) engine struct such as Vector, Quat or Color: named numbers. */
export type NativeStruct = { readonly [field: string]: number };

/** What to decode: `true` = everything below; an object = only the listed properties (applied to
 * a struct's properties, and to the values of a map or elements of an array of structs). */
export type Select = true | { readonly [name: string]: Select };

/**
 * Takes the entries of one MapProperty as each is decoded, in place of the map keeping them
 * (gvas-collections.ts `decodeMap`): the entry's tree is garbage as soon as the sink is done with
 * it, so a world of 100,000 characters never holds 100,000 trees. `map` is the (empty) PropMap
 * the decoder returns for this occurrence of the property, so that a caller can tell which
 * occurrence ended up in the decoded properties when a name repeats.
 */
export type EntrySink = (key: Value, value: Value, index: number, map: PropMap) => void;

/**
 * Reads one entry of a map (key and value) or one element of an array of structs straight from
 * the bytes, in place of the generic decoder, and keeps what it needs itself; false when the bytes
 * are not the shape it knows, and the generic decoder then reads them from the same place (and
 * warns as it does). A fast path for large parts of a save read for a few fields.
 */
export type RawSink = (r: ByteReader, index: number) => boolean;

/** What every value decoder of one file shares: its name and where its warnings go. */
export interface DecodeCtx {
  file: string;
  warnings: WarningSink;
  /** The top-level property being decoded (so an error that ends the file can say where). */
  top?: string;
  /** Sinks of map entries, by the map's path without element indices
   * (`worldSaveData.CharacterSaveParameterMap`). */
  sinks?: ReadonlyMap<string, EntrySink>;
  /** Raw readers of map entries or array elements, by path as for `sinks`. */
  rawSinks?: ReadonlyMap<string, RawSink>;
  /** Told of each property skipped by size, with the path of its parent and the byte range of
   * the whole property, tag included (the lazy items keep those of the item parts). */
  skipped?: (path: string, name: string, start: number, end: number) => void;
}

/**
 * Int, Float, Byte and Int64 properties decode to numbers (Int64 exact up to 2^53); DateTime
 * structs to bigint ticks (they need all 64 bits); Guid structs to the canonical id string.
 */
export type Value = number | bigint | string | boolean | Bytes | Props | PropMap | Value[] | NativeStruct | null;

export function isProps(v: Value | undefined): v is Props {
  return v instanceof Map;
}

export function getProps(p: Props | undefined, name: string): Props | undefined {
  const v = p?.get(name);
  return isProps(v) ? v : undefined;
}

export function getNum(p: Props | undefined, name: string): number | undefined {
  const v = p?.get(name);
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function getStr(p: Props | undefined, name: string): string | undefined {
  const v = p?.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function getBool(p: Props | undefined, name: string): boolean | undefined {
  const v = p?.get(name);
  return typeof v === 'boolean' ? v : undefined;
}

export function getBigInt(p: Props | undefined, name: string): bigint | undefined {
  const v = p?.get(name);
  return typeof v === 'bigint' ? v : undefined;
}

export function getBytes(p: Props | undefined, name: string): Bytes | undefined {
  const v = p?.get(name);
  return v instanceof Uint8Array ? v : undefined;
}

export function getArray(p: Props | undefined, name: string): Value[] | undefined {
  const v = p?.get(name);
  return Array.isArray(v) ? v : undefined;
}

export function getMap(p: Props | undefined, name: string): PropMap | undefined {
  const v = p?.get(name);
  return v instanceof PropMap ? v : undefined;
}

/** A Guid held directly or as a `{ID: Guid}` / `{Guid: Guid}` wrapper struct. */
export function getGuid(p: Props | undefined, name: string): string | undefined {
  const v = p?.get(name);
  if (typeof v === 'string') return v;
  if (isProps(v)) {
    const inner = v.get('ID') ?? v.get('Guid');
    if (typeof inner === 'string') return inner;
  }
  return undefined;
}

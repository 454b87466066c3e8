// Loads sql.js once. Its WASM travels inside the single executable as a SEA asset; from the
// checkout it is read from node_modules.
import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import type { Database, SqlJsStatic } from 'sql.js';
import { nodeRequire, seaModule } from '../lib/runtime.js';

export const SQL_WASM_ASSET = 'sql-wasm.wasm';

let loading: Promise<SqlJsStatic> | undefined;

export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const sea = seaModule();
    const wasm = sea ? new Uint8Array(sea.getAsset(SQL_WASM_ASSET)) : readFileSync(nodeRequire.resolve('sql.js/dist/sql-wasm.wasm'));
    const bytes = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return initSqlJs({ wasmBinary: bytes });
  })();
  return loading;
}

/**
 * Opens a database on `bytes` without copying them, handing their memory over to the database:
 * the caller must not use `bytes` again (the database reads, and may write, them in place).
 *
 * sql.js copies the bytes it is given into its in-memory file with `bytes.slice()` and offers no
 * way to hand a buffer over. Giving this one array a `slice` of its own that returns the array
 * itself (for the whole-array slice sql.js asks for; any other slice is a real one) makes the
 * in-memory file use it as it is. Why it matters: the world database is tens of megabytes, and a
 * fresh copy of that size costs about 5 ms per MB where first touches of memory are slow (virtual
 * machines), which would all be a pause of the main thread at each swap. Should sql.js ever copy
 * another way, this still opens the database, with a copy.
 */
export function openHandedOver(SQL: SqlJsStatic, bytes: Uint8Array): Database {
  const proto = Object.getPrototypeOf(bytes) as Uint8Array;
  Object.defineProperty(bytes, 'slice', {
    configurable: true,
    value(this: Uint8Array, start?: number, end?: number): Uint8Array {
      if ((start ?? 0) === 0 && (end ?? this.length) === this.length) return this;
      return proto.slice.call(this, start, end);
    },
  });
  try {
    return new SQL.Database(bytes);
  } finally {
    delete (bytes as { slice?: unknown }).slice;
  }
}

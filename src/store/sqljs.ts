// Loads sql.js once. Its WASM travels inside the single executable as a SEA asset; from the
// checkout it is read from node_modules.
import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import { nodeRequire, seaModule } from '../lib/runtime.js';

export const SQL_WASM_ASSET = 'sql-wasm.wasm';

let loading: Promise<SqlJsStatic> | undefined;

export function loadSqlJs(): Promise<SqlJsStatic> {
  loading ??= (async () => {
    const sea = seaModule();
    const wasm = sea
      ? new Uint8Array(sea.getAsset(SQL_WASM_ASSET))
      : readFileSync(nodeRequire.resolve('sql.js/dist/sql-wasm.wasm'));
    const bytes = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    return initSqlJs({ wasmBinary: bytes });
  })();
  return loading;
}

// Where palpanel runs: from the source checkout (ESM, tsx or vitest) or inside the single
// executable (one CommonJS bundle). Both need `require` for node:sea and package files.
import { createRequire } from 'node:module';

declare const require: NodeJS.Require | undefined;

export const nodeRequire: NodeJS.Require = typeof require === 'function' ? require : createRequire(import.meta.url);

interface SeaModule {
  isSea(): boolean;
  getAsset(key: string): ArrayBuffer;
}

let sea: SeaModule | null | undefined;

/** The node:sea module when running as the single executable, else null. */
export function seaModule(): SeaModule | null {
  if (sea === undefined) {
    try {
      const mod = nodeRequire('node:sea') as SeaModule;
      sea = mod.isSea() ? mod : null;
    } catch {
      sea = null;
    }
  }
  return sea;
}

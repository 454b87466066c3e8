// The GVAS file header (UE SaveGame): magic, versions, engine version, custom versions and the
// save-game class name. Palworld writes save-game version 3 and custom-version format 3; the
// number of custom versions grows with game updates and serves as a version hint.

import { SaveReadError } from '../errors.js';
import { checkLimit } from '../limits.js';
import type { ByteReader } from '../reader.js';

export interface GvasHeader {
  saveGameVersion: number;
  packageVersionUe4: number;
  packageVersionUe5: number;
  engine: string;
  branch: string;
  customVersionCount: number;
  saveClass: string;
}

const GVAS = 0x53415647;

export function readGvasHeader(r: ByteReader): GvasHeader {
  if (r.i32() !== GVAS) throw new SaveReadError('not_gvas', 'missing GVAS magic', 0);
  const saveGameVersion = r.i32();
  if (saveGameVersion < 2 || saveGameVersion > 3) {
    throw new SaveReadError('unsupported_header', `GVAS save-game version ${saveGameVersion} is not supported`, 4);
  }
  const packageVersionUe4 = r.i32();
  // Version 3 (UE5) adds the UE5 package version.
  const packageVersionUe5 = saveGameVersion >= 3 ? r.i32() : 0;
  const engine = `${r.u16()}.${r.u16()}.${r.u16()}`;
  r.skip(4); // changelist
  const branch = r.fstring();
  const formatAt = r.pos;
  const customFormat = r.i32();
  if (customFormat !== 3) {
    throw new SaveReadError('unsupported_header', `custom-version format ${customFormat} is not supported`, formatAt);
  }
  const countAt = r.pos;
  const customVersionCount = r.i32();
  checkLimit('maxCustomVersions', customVersionCount, countAt);
  r.skip(customVersionCount * 20); // FGuid key + i32 version each
  const saveClass = r.fstring();
  return { saveGameVersion, packageVersionUe4, packageVersionUe5, engine, branch, customVersionCount, saveClass };
}

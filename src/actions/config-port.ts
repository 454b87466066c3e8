// What the panel's configuration routes need (config-editor.ts).
import type { Actor } from '../domain/actor.js';
import type { ApplyAdvice } from './config-apply.js';
import type { SettingGroupId } from '../contract/setting-group-words.js';
import type { SettingGroup } from '../game-config/setting-groups.js';

export interface ConfigSettingView {
  key: string;
  /** The value as JSON; null for a password (see `isSet`). */
  value: string | number | boolean | string[] | null;
  known: boolean;
  type: 'float' | 'int' | 'bool' | 'enum' | 'string' | 'list' | 'text';
  default: string | null;
  min: number | null;
  max: number | null;
  values: string[] | null;
  description: string | null;
  /** The readable name and the group (game-config/setting-groups.ts); null for an unknown key. */
  name: string | null;
  group: SettingGroupId | null;
  secret: boolean;
  /** For a password: whether one is set. */
  isSet: boolean | null;
  /** Why palpanel does not rewrite this value (a compose file's `${VAR}`, alias, block scalar,
   * value-less entry), in words; null: it can be changed. */
  locked: string | null;
}

export interface ConfigView {
  format: 'ini' | 'env' | 'compose';
  /** The file's name (never its path). */
  file: string;
  /** A compose file: the service whose `environment:` block this is; null otherwise. */
  service: string | null;
  /** The file's version (a hash of its bytes): GET's ETag, what If-Match names. */
  version: string;
  /** What makes the game use the file's values. */
  apply: ApplyAdvice;
  groups: SettingGroup[];
  settings: ConfigSettingView[];
}

export interface UpdateOptions {
  /** An If-Match test: given the file's current version, whether the write may go ahead;
   * absent: it always may. */
  matches?: (version: string) => boolean;
}

export interface ConfigPort {
  view(): ConfigView;
  /** The file's text with passwords masked. */
  raw(): string;
  /** Only the settings named change; the file is rewritten atomically, the previous version kept.
   * Throws PreconditionFailedError (nothing written) when `opts.matches` refuses the version read. */
  update(changes: Record<string, unknown>, actor: Actor, opts?: UpdateOptions): { view: ConfigView; changed: string[] };
}

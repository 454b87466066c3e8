// What the panel's configuration routes need (config-editor.ts).
import type { Actor } from '../lib/actor.js';

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
  secret: boolean;
  /** For a password: whether one is set. */
  isSet: boolean | null;
}

export interface ConfigView {
  format: 'ini' | 'env';
  /** The file's name (never its path). */
  file: string;
  settings: ConfigSettingView[];
}

export interface ConfigPort {
  view(): ConfigView;
  /** The file's text with passwords masked. */
  raw(): string;
  /** Only the settings named change; the file is rewritten atomically, the previous version kept. */
  update(changes: Record<string, unknown>, actor: Actor): { view: ConfigView; changed: string[] };
}

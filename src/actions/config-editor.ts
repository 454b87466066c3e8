// The configuration editor (issue 13) over the deployment file named by SERVICE_CONFIG_FILE
// (the game's ini, the image's env file, or a compose file's `environment:` block: issue 27):
// the settings with their types and ranges, the file as text (passwords masked), and changes
// written atomically, byte-identical outside the changed values, with the previous version kept
// beside it (`<file>.palpanel-previous`). Every change is audited (names, never values).
// A file given as a symbolic link is written through the link: the file the game reads changes,
// keeping its mode and owner, and the previous version lies beside that file.
// The file's version is a hash of its bytes: a change made against another version than the one
// on disk (someone else saved meanwhile, or edited the file by hand) is refused, nothing written.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { applyAdvice } from './config-apply.js';
import type { ConfigPort, ConfigSettingView, ConfigView } from './config-port.js';
import { ConflictError, fsErrorReason, PreconditionFailedError, ValidationError } from '../domain/errors.js';
import {
  applyChanges,
  ConfigFileError,
  isSecretEntry,
  maskSecrets,
  parseConfig,
  typedValue,
  type ParsedConfig,
} from '../game-config/config-file.js';
import { placeOf, SETTING_GROUPS } from '../game-config/setting-groups.js';
import { replaceFileThroughLinks, ReplaceRefusedError } from '../lib/replace-file.js';
import type { Store } from '../store/index.js';

export const PREVIOUS_SUFFIX = '.palpanel-previous';

export interface ConfigEditorOptions {
  /** SERVICE_CONFIG_COMPOSE_SERVICE: the compose service whose environment is edited; null or
   * absent: the only one that sets palworld-server-docker variables, else `palworld`. */
  composeService?: string | null;
}

/** The version of a file's bytes, as the ETag carries it. */
export const versionOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url');

function read(file: string, opts: ConfigEditorOptions): { parsed: ParsedConfig; version: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new ConflictError('conflict', `The deployment file (SERVICE_CONFIG_FILE) cannot be read: ${fsErrorReason(err) ?? 'unreadable'}.`);
  }
  try {
    return {
      parsed: parseConfig(bytes.toString('utf8'), { fileName: basename(file), composeService: opts.composeService }),
      version: versionOf(bytes),
    };
  } catch (err) {
    if (err instanceof ConfigFileError) throw new ConflictError('conflict', err.message);
    throw err;
  }
}

function view(file: string, p: ParsedConfig, version: string): ConfigView {
  const settings: ConfigSettingView[] = p.entries.map((e) => {
    const k = e.known;
    const value = typedValue(e);
    const secret = isSecretEntry(e);
    return {
      key: e.name,
      value: secret ? null : value,
      known: k !== null,
      type: k?.type ?? 'text',
      default: k?.default ?? null,
      min: k?.min ?? null,
      max: k?.max ?? null,
      values: k?.values ? [...k.values] : null,
      description: k?.description ?? null,
      name: k ? (placeOf(k.key)?.name ?? null) : null,
      group: k ? (placeOf(k.key)?.group ?? null) : null,
      secret,
      isSet: secret ? value !== '' : null,
      locked: e.compose?.locked ?? null,
    };
  });
  const service = p.service ?? null;
  return {
    format: p.format,
    file: basename(file),
    service,
    version,
    apply: applyAdvice(p.format, service),
    groups: [...SETTING_GROUPS],
    settings,
  };
}

export function createConfigEditor(store: Store, file: string, opts: ConfigEditorOptions = {}): ConfigPort {
  return {
    view: () => {
      const { parsed, version } = read(file, opts);
      return view(file, parsed, version);
    },
    raw: () => maskSecrets(read(file, opts).parsed),
    update(changes, actor, when = {}) {
      const { parsed, version } = read(file, opts);
      // The check and the write below run without yielding: no other request of this palpanel
      // comes between them.
      if (when.matches && !when.matches(version))
        throw new PreconditionFailedError(
          'The settings file has changed since you read it (someone else saved, or it was edited by hand); nothing was written. Read it again and make your change there.',
        );
      let next: { text: string; changed: string[] };
      try {
        next = applyChanges(parsed, changes);
      } catch (err) {
        if (err instanceof ConfigFileError) throw new ValidationError(err.message);
        throw err;
      }
      if (next.changed.length === 0) return { view: view(file, parsed, version), changed: [] };
      const bytes = Buffer.from(next.text, 'utf8');
      try {
        // The previous version, whole, is kept before the new one replaces it.
        replaceFileThroughLinks(file, bytes, { keepPreviousAs: PREVIOUS_SUFFIX });
      } catch (err) {
        if (err instanceof ReplaceRefusedError) throw new ConflictError('conflict', err.message);
        // Said to the admin (a 409, not a bare 500): a read-only mount is a common set-up.
        throw new ConflictError(
          'conflict',
          `The deployment file could not be written: ${fsErrorReason(err) ?? 'the write failed'}. It was left as it was.`,
        );
      }
      store.audit.note({ actor, action: 'config.update', target: basename(file), detail: next.changed.join(', ') });
      const written = parseConfig(next.text, { fileName: basename(file), composeService: parsed.service ?? null });
      return { view: view(file, written, versionOf(bytes)), changed: next.changed };
    },
  };
}

// The configuration editor (issue 13) over the deployment file named by SERVICE_CONFIG_FILE:
// the settings with their types and ranges, the file as text (passwords masked), and changes
// written atomically, byte-identical outside the changed values, with the previous version kept
// beside it (`<file>.palpanel-previous`). Every change is audited (names, never values).
// A file given as a symbolic link is written through the link: the file the game reads changes,
// keeping its mode and owner, and the previous version lies beside that file.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ConfigPort, ConfigSettingView, ConfigView } from './config-port.js';
import { ConflictError, fsErrorReason, ValidationError } from '../lib/errors.js';
import {
  applyChanges,
  ConfigFileError,
  isSecretEntry,
  maskSecrets,
  parseConfig,
  typedValue,
  type ParsedConfig,
} from '../lib/game-config/config-file.js';
import { replaceFileThroughLinks, ReplaceRefusedError } from '../lib/replace-file.js';
import type { Store } from '../store/index.js';

export const PREVIOUS_SUFFIX = '.palpanel-previous';

function read(file: string): ParsedConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConflictError('conflict', `The deployment file (SERVICE_CONFIG_FILE) cannot be read: ${fsErrorReason(err) ?? 'unreadable'}.`);
  }
  try {
    return parseConfig(text);
  } catch (err) {
    if (err instanceof ConfigFileError) throw new ConflictError('conflict', err.message);
    throw err;
  }
}

function view(file: string, p: ParsedConfig): ConfigView {
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
      secret,
      isSet: secret ? value !== '' : null,
    };
  });
  return { format: p.format, file: basename(file), settings };
}

export function createConfigEditor(store: Store, file: string): ConfigPort {
  return {
    view: () => view(file, read(file)),
    raw: () => maskSecrets(read(file)),
    update(changes, actor) {
      const parsed = read(file);
      let next: { text: string; changed: string[] };
      try {
        next = applyChanges(parsed, changes);
      } catch (err) {
        if (err instanceof ConfigFileError) throw new ValidationError(err.message);
        throw err;
      }
      if (next.changed.length > 0) {
        try {
          // The previous version, whole, is kept before the new one replaces it.
          replaceFileThroughLinks(file, Buffer.from(next.text, 'utf8'), { keepPreviousAs: PREVIOUS_SUFFIX });
        } catch (err) {
          if (err instanceof ReplaceRefusedError) throw new ConflictError('conflict', err.message);
          // Said to the admin (a 409, not a bare 500): a read-only mount is a common set-up.
          throw new ConflictError(
            'conflict',
            `The deployment file could not be written: ${fsErrorReason(err) ?? 'the write failed'}. It was left as it was.`,
          );
        }
        store.audit.note({ actor, action: 'config.update', target: basename(file), detail: next.changed.join(', ') });
      }
      return { view: view(file, parseConfig(next.text)), changed: next.changed };
    },
  };
}

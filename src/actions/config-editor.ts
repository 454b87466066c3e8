// The configuration editor (issue 13) over the deployment file named by SERVICE_CONFIG_FILE:
// the settings with their types and ranges, the file as text (passwords masked), and changes
// written atomically, byte-identical outside the changed values, with the previous version kept
// beside it (`<file>.palpanel-previous`). Every change is audited (names, never values).
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { ConfigPort, ConfigSettingView, ConfigView } from './config-port.js';
import { writeFileAtomic } from '../lib/atomic-file.js';
import { ConflictError, fsErrorReason, ValidationError } from '../lib/errors.js';
import { applyChanges, ConfigFileError, maskSecrets, parseConfig, typedValue, type ParsedConfig } from '../lib/game-config/config-file.js';
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
    const secret = k?.secret ?? false;
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
          const mode = statSync(file).mode & 0o777;
          // The previous version, whole, before the new one replaces it.
          copyFileSync(file, file + PREVIOUS_SUFFIX);
          writeFileAtomic(file, Buffer.from(next.text, 'utf8'), mode);
        } catch (err) {
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

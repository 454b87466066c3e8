// A setting's value as the screen shows and edits it: text in a field, back to the API's type,
// and the value the running game reports when it differs from the file's.
import { sameSettingValue } from '../../../../src/lib/same-value';
import type { ConfigSetting } from '../../types';

type Value = ConfigSetting['value'];
export const shown = (v: Value) => (v === null ? '' : Array.isArray(v) ? v.join(',') : String(v));
/** The edited text as the API takes the setting: a list as an array of its comma-separated items. */
export function typed(s: ConfigSetting, v: string): NonNullable<Value> {
  if (s.type === 'bool') return v === 'true';
  if (s.type === 'int' || s.type === 'float') return Number(v);
  if (s.type === 'list')
    return v
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
  return v;
}

/** The value the game runs with, when it differs from the file's. */
export const pendingOf = (s: ConfigSetting) =>
  s.effective !== null && s.value !== null && !sameSettingValue(s.value, s.effective) ? s.effective : null;

/** Why the text typed for `s` cannot be saved, as a message id of the `config` catalog and its
 * values, said beside the field; null: it can. */
export function problemOf(s: ConfigSetting, v: string): { id: string; values?: Record<string, string> } | null {
  if (s.type === 'int' || s.type === 'float') {
    if (v.trim() === '') return { id: 'config.problem.needed' };
    const n = Number(v);
    if (!Number.isFinite(n)) return { id: 'config.problem.nan' };
    if (s.type === 'int' && !Number.isInteger(n)) return { id: 'config.problem.whole' };
    if ((s.min !== null && n < s.min) || (s.max !== null && n > s.max))
      return { id: 'config.problem.range', values: { min: String(s.min ?? '…'), max: String(s.max ?? '…') } };
  }
  if (s.type === 'enum' && s.values && !s.values.includes(v))
    return { id: 'config.problem.oneOf', values: { values: s.values.join(', ') } };
  return null;
}

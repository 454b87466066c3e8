// One setting of the configuration screen: its readable name and raw key, its editor (or, for a
// viewer, its value as text), its line of explanation, range and default, why a typed value
// cannot be saved, and the value the game runs with when that differs.
import type { ConfigSetting } from '../../types';
import { Badge } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { pendingOf, problemOf, shown } from './setting-values';
import { useSettingWords } from './setting-words';

export function SettingRow({
  s,
  value,
  readOnly,
  onChange,
}: {
  s: ConfigSetting;
  value: string;
  readOnly: boolean;
  onChange: (v: string) => void;
}) {
  const w = useSettingWords();
  const { t } = w;
  const range = s.min !== null || s.max !== null ? { min: String(s.min ?? '…'), max: String(s.max ?? '…') } : null;
  const problemIs = readOnly ? null : problemOf(s, value);
  const problem = problemIs && t(problemIs.id, problemIs.values);
  const title = w.name(s);
  const help = w.help(s);
  const empty = t('config.empty');
  const numeric = s.type === 'int' || s.type === 'float';
  // The game writes a float's default as 1.000000 (said 1) and a switch's as True or False (said
  // in the switch's own words, in the UI's language).
  const defaultWords = (d: string) =>
    numeric ? String(Number(d)) : s.type === 'bool' ? t(d.toLowerCase() === 'true' ? 'config.true' : 'config.false') : d;
  const running = pendingOf(s);
  const name = (
    <>
      {title && <span className="setting-title">{title}</span>} <code className="setting-key">{s.key}</code>{' '}
      {!s.known && <Badge>{t('config.unknownKey')}</Badge>}
      {s.worldOption === 'overrides' && <Badge tone="warn">{t('config.worldOption.overrides')}</Badge>}
      {s.worldOption === 'may_override' && <Badge tone="warn">{t('config.worldOption.may')}</Badge>}
    </>
  );
  const hint = (
    <>
      {help}
      {range && ` ${t('config.range', range)}`}
      {s.default !== null && s.default !== '' && ` ${t('config.default', { value: defaultWords(s.default) })}`}
      {running !== null && (
        <span className="warn-text"> {t('config.running', { running: shown(running) || empty, file: shown(s.value) || empty })}</span>
      )}
      {s.locked && <span> {t('config.locked', { why: s.locked })}</span>}
    </>
  );
  // A secret is never shown, so there is nothing to edit: its name and whether it is set. What
  // the reader may not change (a viewer; a value palpanel does not rewrite) is text, not a
  // disabled editor that looks as if it could be used.
  if (s.secret || readOnly || s.locked !== null) {
    return (
      <div className="setting setting-read">
        <span className="setting-name">{name}</span>
        {s.secret ? (
          <span className="muted">{t(s.isSet ? 'config.secretSet' : 'config.secretNotSet')}</span>
        ) : (
          <span className="setting-value">
            {value === '' ? (
              <span className="muted">{empty}</span>
            ) : s.type === 'bool' ? (
              t(value === 'true' ? 'config.true' : 'config.false')
            ) : (
              value
            )}
          </span>
        )}
        <small className="muted">{hint}</small>
      </div>
    );
  }
  // The reason a value cannot be saved is said beside the field, first, where the eye is.
  const hinted = (
    <>
      {problem && <strong className="bad-text setting-problem">{problem} </strong>}
      {hint}
    </>
  );
  const field = {
    fieldClass: `setting${problem ? ' invalid' : ''}`,
    label: name,
    hint: hinted,
    value,
    'aria-invalid': problem ? true : undefined,
  };
  if (s.type === 'bool') {
    return (
      <SelectField {...field} onChange={(e) => onChange(e.target.value)}>
        <option value="true">{t('config.true')}</option>
        <option value="false">{t('config.false')}</option>
      </SelectField>
    );
  }
  if (s.type === 'enum' && s.values) {
    return (
      <SelectField {...field} onChange={(e) => onChange(e.target.value)}>
        {s.values.map((v) => (
          <option key={v}>{v}</option>
        ))}
      </SelectField>
    );
  }
  if (s.type === 'int' || s.type === 'float') {
    return (
      <Field
        {...field}
        type="number"
        step={s.type === 'int' ? 1 : 'any'}
        min={s.min ?? undefined}
        max={s.max ?? undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return <Field {...field} onChange={(e) => onChange(e.target.value)} />;
}

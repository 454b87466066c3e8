// One setting of the configuration screen: its readable name and raw key, its editor (or, for a
// viewer, its value as text), its line of explanation, range and default, why a typed value
// cannot be saved, and the value the game runs with when that differs.
import type { ConfigSetting } from '../../types';
import { Badge } from '../../ui/bits';
import { Field, SelectField } from '../../ui/fields';
import { pendingOf, problemOf, shown } from './setting-values';

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
  const range = s.min !== null || s.max !== null ? `${s.min ?? '…'} to ${s.max ?? '…'}` : null;
  const problem = readOnly ? null : problemOf(s, value);
  // The game writes a float's default as 1.000000; the screen says 1.
  const numeric = s.type === 'int' || s.type === 'float';
  const running = pendingOf(s);
  const name = (
    <>
      {s.name && <span className="setting-title">{s.name}</span>} <code className="setting-key">{s.key}</code>{' '}
      {!s.known && <Badge>unknown to palpanel</Badge>}
      {s.worldOption === 'overrides' && <Badge tone="warn">taken from WorldOption.sav</Badge>}
      {s.worldOption === 'may_override' && <Badge tone="warn">may be taken from WorldOption.sav</Badge>}
    </>
  );
  const hint = (
    <>
      {s.description}
      {range && ` Range ${range}.`}
      {s.default !== null && s.default !== '' && ` Default ${numeric ? String(Number(s.default)) : s.default}.`}
      {running !== null && (
        <span className="warn-text">
          {' '}
          The game runs with {shown(running) || '(empty)'}; the file says {shown(s.value) || '(empty)'}: applies at the next start.
        </span>
      )}
      {s.locked && <span> Not editable here: it {s.locked}.</span>}
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
          <span className="muted">{s.isSet ? 'set (not shown)' : 'not set'}</span>
        ) : (
          <span className="setting-value">
            {value === '' ? <span className="muted">(empty)</span> : s.type === 'bool' ? value === 'true' ? 'True' : 'False' : value}
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
        <option value="true">True</option>
        <option value="false">False</option>
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

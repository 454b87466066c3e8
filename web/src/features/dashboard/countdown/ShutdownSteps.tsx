// The "Tell players at" field of a shutdown or restart: the steps as the admin writes them, what
// it means under it, and why it cannot be read when it cannot.
import { useIntl } from 'react-intl';
import { Field } from '../../../ui/fields';

export function ShutdownSteps({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  const intl = useIntl();
  return (
    <Field
      label={intl.formatMessage({ id: 'dashboard.steps.label' })}
      className="mono"
      maxLength={120}
      required
      aria-invalid={error ? true : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={error ?? intl.formatMessage({ id: 'dashboard.steps.hint' })}
    />
  );
}

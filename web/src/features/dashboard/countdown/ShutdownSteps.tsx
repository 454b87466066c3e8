// The "Tell players at" field of a shutdown or restart: the steps as the admin writes them, what
// it means under it, and why it cannot be read when it cannot.
import { Field } from '../../../ui/fields';

export function ShutdownSteps({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  return (
    <Field
      label="Tell players at"
      className="mono"
      maxLength={120}
      required
      aria-invalid={error ? true : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={
        error ?? 'Before the end, e.g. 10m 5m 1m 30s 10s. Steps longer than the countdown are left out; the last is handed to the game.'
      }
    />
  );
}

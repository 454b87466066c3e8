// Every form field of the UI, drawn one way: a label, the control, and an optional hint that the
// control is described by, the ids linking them from useId. A field whose label would only repeat
// what its placeholder shows (a search box, an inline form) keeps the label for screen readers
// alone (`hideLabel`). Checkboxes and the file button are wrapped in their label instead.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** What a field has besides its control's attributes (which go to the control, className too). */
export type FieldFrame =
  | {
      label: ReactNode;
      hideLabel?: false;
      hint?: ReactNode;
      /** The classes of the box around label, control and hint; `field` unless given. */
      fieldClass?: string;
    }
  | { label: string; hideLabel: true; hint?: never; fieldClass?: never };

interface ControlAttrs {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** The frame around a control. The control's own `id` is kept when one is given (only where
 * something outside the page addresses the control by it); otherwise the id is useId's. */
function useFramed<A extends ControlAttrs>(props: FieldFrame & A, draw: (attrs: A) => ReactNode): ReactNode {
  const { label, hint, hideLabel, fieldClass, ...rest } = props;
  const made = useId();
  const attrs = rest as unknown as A;
  if (hideLabel) return draw({ ...attrs, 'aria-label': label });
  const id = attrs.id ?? made;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={fieldClass ?? 'field'}>
      <label htmlFor={id}>{label}</label>
      {draw({ ...attrs, id, 'aria-describedby': attrs['aria-describedby'] ?? hintId })}
      {hint && (
        <small id={hintId} className="muted">
          {hint}
        </small>
      )}
    </div>
  );
}

/** A labelled <input>. */
export function Field(props: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return useFramed(props, (a) => <input {...a} />);
}

/** A labelled <select>; its options are the children. */
export function SelectField(props: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  return useFramed(props, (a) => <select {...a} />);
}

/** A labelled <textarea>. */
export function TextAreaField(props: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return useFramed(props, (a) => <textarea {...a} />);
}

/** A checkbox in its label, the words after the box (or for screen readers only, `hideLabel`,
 * where the row or column already says what the box is). `fieldClass`: the label's classes,
 * `check` unless given. */
export function CheckField({
  label,
  hideLabel,
  fieldClass,
  ...input
}: { label: ReactNode; hideLabel?: boolean; fieldClass?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={fieldClass ?? 'check'}>
      <input type="checkbox" {...input} />
      {hideLabel ? <span className="sr-only">{label}</span> : <> {label}</>}
    </label>
  );
}

/** A file picker drawn as a button: the label is the button, the input itself is hidden. */
export function FileButton({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <label className="button">
      {label}
      <input type="file" className="sr-only" {...input} />
    </label>
  );
}

// A modal question on the native <dialog> (focus kept inside, Escape closes). Used for every
// action that changes something a host cannot take back: kick, ban, delete, revoke, restore.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNote } from './states';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirm: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  /** False: the confirm button stays disabled (e.g. until RESTORE is typed). */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function Dialog({ open, title, children, confirm, danger, busy, error, canConfirm = true, onConfirm, onClose }: Props) {
  const intl = useIntl();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canConfirm && !busy) onConfirm();
  };
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby={titleId}>
      {open && (
        <form onSubmit={submit}>
          <h2 id={titleId}>{title}</h2>
          {children}
          <ErrorNote error={error} />
          <div className="actions">
            <button type="button" onClick={onClose}>
              {intl.formatMessage({ id: 'ui.cancel' })}
            </button>
            <button type="submit" className={danger ? 'danger' : 'primary'} disabled={!canConfirm || busy}>
              {busy ? intl.formatMessage({ id: 'ui.working' }) : confirm}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

// The question a console command that stops the server, acts on every player or deletes something
// asks before it is sent (contract/console-danger.ts, the server's rule too), in the dialog every other
// such action of the panel uses. Cancel sends nothing.
import { useIntl } from 'react-intl';
import { Dialog } from '../../ui/dialog';
import { dangerWords } from './danger-words';

export interface AskedCommand {
  command: string;
  why: string;
}

export function ConfirmCommand({
  asked,
  busy,
  error,
  onConfirm,
  onClose,
  title,
  confirm,
}: {
  asked: AskedCommand | null;
  /** A scheduled task asks "Schedule this command?" instead. */
  title?: string;
  confirm?: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog
      open={asked !== null}
      title={title ?? intl.formatMessage({ id: 'console.confirm.title' })}
      confirm={confirm ?? intl.formatMessage({ id: 'console.confirm.confirm' })}
      danger
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <code>{asked?.command}</code>
      </p>
      <p>{asked ? dangerWords(intl, asked.why) : null}</p>
    </Dialog>
  );
}

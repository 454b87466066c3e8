// The question a console command that stops the server, acts on every player or deletes something
// asks before it is sent (contract/console-danger.ts, the server's rule too), in the dialog every other
// such action of the panel uses. Cancel sends nothing.
import { Dialog } from '../../ui/dialog';

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
  title = 'Run this command?',
  confirm = 'Run it',
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
  return (
    <Dialog open={asked !== null} title={title} confirm={confirm} danger busy={busy} error={error} onConfirm={onConfirm} onClose={onClose}>
      <p>
        <code>{asked?.command}</code>
      </p>
      <p>{asked?.why}</p>
    </Dialog>
  );
}

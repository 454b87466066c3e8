// The question a palette entry asks before it acts, in the usual dialog.
import { Dialog } from '../../ui/dialog';
import { Field, TextAreaField } from '../../ui/fields';
import { useState } from 'react';
import { announce, banPlayer, kickPlayer, runSavedCommand } from './api';
import type { Ask } from './entries';

/** The question a chosen entry asks before it acts: the reason for a kick or ban, the message of
 * an announcement, the saved command about to be sent. */
export function PaletteQuestion({
  ask,
  busy,
  error,
  act,
  close,
}: {
  ask: Ask | null;
  busy: boolean;
  error: string | null;
  act: (fn: () => Promise<unknown>, done: string) => Promise<void>;
  close: () => void;
}) {
  const [text, setText] = useState('');
  if (!ask) return null;
  if (ask.what === 'announce')
    return (
      <Dialog
        open
        title="Announce to every player"
        confirm="Announce"
        busy={busy}
        error={error}
        canConfirm={text.trim().length > 0}
        onConfirm={() => void act(() => announce(text), 'Announced.')}
        onClose={close}
      >
        <TextAreaField label="Message" maxLength={500} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </Dialog>
    );
  if (ask.what === 'saved')
    return (
      <Dialog
        open
        title={`Run “${ask.command.name}”?`}
        confirm="Run"
        danger
        busy={busy}
        error={error}
        onConfirm={() => void act(() => runSavedCommand(ask.command.id), `Ran “${ask.command.name}”. The console’s log has the reply.`)}
        onClose={close}
      >
        <p>
          palpanel sends this to the game through RCON: <code>{ask.command.command}</code>
        </p>
      </Dialog>
    );
  const p = ask.player;
  const name = p.name || '(no name)';
  const kick = ask.what === 'kick';
  return (
    <Dialog
      open
      title={`${kick ? 'Kick' : 'Ban'} ${name}?`}
      confirm={kick ? 'Kick' : 'Ban'}
      danger
      busy={busy}
      error={error}
      onConfirm={() =>
        void act(() => (kick ? kickPlayer : banPlayer)(p.uid, text.trim()), kick ? `${name} was kicked.` : `${name} is banned.`)
      }
      onClose={close}
    >
      {!kick && !p.userId && <p className="warn-text">This player was never seen online, so the game has no platform id to ban yet.</p>}
      <Field
        label={`Reason (kept in the audit log${kick ? ', told to the player' : ''})`}
        maxLength={200}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Dialog>
  );
}

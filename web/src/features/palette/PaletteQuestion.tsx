// The question a palette entry asks before it acts, in the usual dialog.
import { Dialog } from '../../ui/dialog';
import { Field, TextAreaField } from '../../ui/fields';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (!ask) return null;
  if (ask.what === 'announce')
    return (
      <Dialog
        open
        title={t('palette.ask.announceTitle')}
        confirm={t('palette.ask.announce')}
        busy={busy}
        error={error}
        canConfirm={text.trim().length > 0}
        onConfirm={() => void act(() => announce(text), t('palette.ask.announced'))}
        onClose={close}
      >
        <TextAreaField label={t('palette.ask.message')} maxLength={500} rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </Dialog>
    );
  if (ask.what === 'saved')
    return (
      <Dialog
        open
        title={t('palette.ask.runTitle', { name: ask.command.name })}
        confirm={t('palette.ask.run')}
        danger
        busy={busy}
        error={error}
        onConfirm={() => void act(() => runSavedCommand(ask.command.id), t('palette.ask.ran', { name: ask.command.name }))}
        onClose={close}
      >
        <p>
          <FormattedMessage id="palette.ask.runBody" values={{ command: <code>{ask.command.command}</code> }} />
        </p>
      </Dialog>
    );
  const p = ask.player;
  const name = p.name || t('palette.noName');
  const kick = ask.what === 'kick';
  return (
    <Dialog
      open
      title={t(kick ? 'palette.ask.kickTitle' : 'palette.ask.banTitle', { name })}
      confirm={t(kick ? 'palette.ask.kick' : 'palette.ask.ban')}
      danger
      busy={busy}
      error={error}
      onConfirm={() =>
        void act(() => (kick ? kickPlayer : banPlayer)(p.uid, text.trim()), t(kick ? 'palette.ask.kicked' : 'palette.ask.banned', { name }))
      }
      onClose={close}
    >
      {!kick && !p.userId && <p className="warn-text">{t('palette.ask.neverOnline')}</p>}
      <Field
        label={t(kick ? 'palette.ask.reasonKick' : 'palette.ask.reasonBan')}
        maxLength={200}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </Dialog>
  );
}

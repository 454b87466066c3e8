// A restore: the dry run's diff first, the typed word RESTORE, then the restore job followed to
// its end. Names from the game are isolated (<bdi>), so one name's direction controls cannot
// turn the list around.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BodyOf } from '../../api/operations';
import { useAction } from '../../api/hooks';
import { when } from '../../shared/format';
import type { Backup, DryRun, RestoreJob } from '../../types';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field } from '../../ui/fields';
import { ErrorNote, Loading } from '../../ui/states';
import { getRestore, restoreBackup, restoreDryRun } from './api';

/** What a running restore does now, by message id. */
const STEP_WORDS: Record<RestoreJob['step'], string> = {
  'reading-backup': 'backups.restore.step.readingBackup',
  'stopping-game': 'backups.restore.step.stoppingGame',
  'checking-game': 'backups.restore.step.checkingGame',
  'pre-restore-backup': 'backups.restore.step.preRestoreBackup',
  swapping: 'backups.restore.step.swapping',
  're-parsing': 'backups.restore.step.reParsing',
};

/** The API's refusal of a restore while the game runs names its body field (`"shutdown": true`);
 * on this screen that is the checkbox below, so it is said in the screen's words. */
export function screenWords(error: string | null, instead = ' (or tick “Shut the game server down first” below)'): string | null {
  return error?.replace(/\s*\(or ask for "shutdown": true\)/, instead) ?? null;
}

export function RestoreDialog({
  backup,
  onClose,
  onEnded,
  pollMs = 1000,
}: {
  backup: Backup;
  onClose: () => void;
  /** The job has ended, done or failed (a failed one is shown in the dialog, which stays). */
  onEnded: (job: RestoreJob) => void;
  /** How often the running job is asked for (tests pass a short one). */
  pollMs?: number;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `backups.restore.${id}` }, values);
  const [diff, setDiff] = useState<DryRun | null>(null);
  const [diffError, setDiffError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [shutdown, setShutdown] = useState(false);
  const [job, setJob] = useState<RestoreJob | null>(null);
  const act = useAction();
  // Asked again by "Try again": a dry run refused while the game saves the world (503, in words)
  // shows no diff and no Restore, only the words and a way to compare again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    restoreDryRun(backup.id)
      .then((d) => setDiff(d.data))
      .catch((e: unknown) => setDiffError(e instanceof Error ? e.message : String(e)));
  }, [backup.id, attempt]);

  // The job is followed until it has ended; a failed poll is tried again at the next tick.
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const t = setInterval(() => {
      getRestore(backup.id)
        .then((j) => {
          if (j.data.id !== job.id) return;
          if (j.data.state === 'running') {
            if (j.data.step !== job.step) setJob(j.data);
            return;
          }
          setJob(j.data);
          onEnded(j.data);
        })
        .catch(() => undefined);
    }, pollMs);
    return () => clearInterval(t);
  }, [job, backup.id, onEnded, pollMs]);

  const restore = async () => {
    // The dialog confirms only once RESTORE is typed; the server refuses any other word.
    const confirm = typed as BodyOf<'restoreBackup'>['confirm'];
    const started = await act.run(() => restoreBackup(backup.id, shutdown ? { confirm, shutdown: true } : { confirm }));
    if (started) setJob(started.data);
  };
  const running = job?.state === 'running';

  return (
    <Dialog
      open
      title={t('title', { when: when(backup.createdAt) })}
      confirm={t('confirm')}
      danger
      busy={act.busy || running}
      error={
        screenWords(act.error, t('orTick')) ??
        (job?.state === 'failed' ? t('failed', { reason: job.error ?? intl.formatMessage({ id: 'backups.noReason' }) }) : null)
      }
      canConfirm={diff !== null && typed === 'RESTORE'}
      onConfirm={() => void restore()}
      onClose={onClose}
    >
      <p>{t('explain')}</p>
      <h3>{t('whatChanges')}</h3>
      {diffError ? (
        <ErrorNote
          error={t('dryRunFailed', { error: diffError })}
          retry={() => {
            setDiffError(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : diff === null ? (
        <Loading what={t('comparing')} />
      ) : (
        <DiffView d={diff} />
      )}
      <CheckField label={t('shutdown')} checked={shutdown} disabled={running} onChange={(e) => setShutdown(e.target.checked)} />
      <Field
        label={t('typeToConfirm')}
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        disabled={diff === null || running}
      />
      <div role="status" className="status-line">
        {running && intl.formatMessage({ id: STEP_WORDS[job.step] })}
      </div>
    </Dialog>
  );
}

/** Names one after another, each isolated from its neighbours' text direction. */
function Names({ xs }: { xs: { id: string; name: string }[] }) {
  const intl = useIntl();
  return (
    <>
      {xs.map((x, i) => (
        <span key={x.id}>
          {i > 0 && ', '}
          <bdi>{x.name || intl.formatMessage({ id: 'backups.diff.noName' })}</bdi>
        </span>
      ))}
    </>
  );
}

export function DiffView({ d }: { d: DryRun }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `backups.diff.${id}` }, values);
  const files = d.files.added.length + d.files.removed.length + d.files.changed.length;
  const nothing =
    files === 0 &&
    d.players.gained.length + d.players.lost.length + d.guilds.gained.length + d.guilds.lost.length + d.pals.gained + d.pals.lost === 0;
  const kept =
    d.files.kept.length > 0 ? (
      <p className="muted small">
        {t('kept')}{' '}
        {d.files.kept.map((k, i) => (
          <span key={k}>
            {i > 0 && ', '}
            <bdi>
              <code>{k}</code>
            </bdi>
          </span>
        ))}
      </p>
    ) : null;
  if (nothing)
    return (
      <>
        <p className="diff-none">{t('nothing')}</p>
        {kept}
      </>
    );
  return (
    <>
      <ul className="diff">
        <li>{t('files', { changed: d.files.changed.length, added: d.files.added.length, removed: d.files.removed.length })}</li>
        {d.players.lost.length > 0 && (
          <li className="lost">
            {t('playersLost')} <Names xs={d.players.lost} />
          </li>
        )}
        {d.players.gained.length > 0 && (
          <li className="gained">
            {t('playersBack')} <Names xs={d.players.gained} />
          </li>
        )}
        <li>
          {intl.formatMessage(
            { id: 'backups.diff.pals' },
            {
              gained: d.pals.gained,
              lost: d.pals.lost,
              up: (c) => <span className="gained">{c}</span>,
              down: (c) => <span className="lost">{c}</span>,
            },
          )}
        </li>
        {d.guilds.lost.length > 0 && (
          <li className="lost">
            {t('guildsLost')} <Names xs={d.guilds.lost} />
          </li>
        )}
        {d.guilds.gained.length > 0 && (
          <li className="gained">
            {t('guildsBack')} <Names xs={d.guilds.gained} />
          </li>
        )}
      </ul>
      {kept}
    </>
  );
}

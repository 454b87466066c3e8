// A restore: the dry run's diff first, the typed word RESTORE, then the restore job followed to
// its end. Names from the game are isolated (<bdi>), so one name's direction controls cannot
// turn the list around.
import { useEffect, useState } from 'react';
import type { BodyOf } from '../../api/operations';
import { useAction } from '../../api/hooks';
import { when } from '../../shared/format';
import type { Backup, DryRun, RestoreJob } from '../../types';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field } from '../../ui/fields';
import { ErrorNote, Loading } from '../../ui/states';
import { getRestore, restoreBackup, restoreDryRun } from './api';

/** What a running restore does now, in words. */
const STEP_WORDS: Record<RestoreJob['step'], string> = {
  'reading-backup': 'Reading the backup and comparing it with the world…',
  'stopping-game': 'Asking the game server to stop, and waiting until it has…',
  'checking-game': 'Making sure the game server is stopped and its save files are at rest…',
  'pre-restore-backup': 'Backing up the world as it is now…',
  swapping: 'Putting the backup’s files in place…',
  're-parsing': 'Reading the restored world…',
};

/** The API's refusal of a restore while the game runs names its body field (`"shutdown": true`);
 * on this screen that is the checkbox below, so it is said in the screen's words. */
export function screenWords(error: string | null): string | null {
  return error?.replace(/\s*\(or ask for "shutdown": true\)/, ' (or tick “Shut the game server down first” below)') ?? null;
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
      title={`Restore the backup of ${when(backup.createdAt)}?`}
      confirm="Restore"
      danger
      busy={act.busy || running}
      error={screenWords(act.error) ?? (job?.state === 'failed' ? `The restore did not complete: ${job.error ?? 'no reason given'}` : null)}
      canConfirm={diff !== null && typed === 'RESTORE'}
      onConfirm={() => void restore()}
      onClose={onClose}
    >
      <p>
        The backup’s save files replace the world’s; everything else in the world folder stays as it is. A backup of the world as it is now
        is made first.
      </p>
      <h3>What changes</h3>
      {diffError ? (
        <ErrorNote
          error={`The dry run failed: ${diffError}`}
          retry={() => {
            setDiffError(null);
            setAttempt((n) => n + 1);
          }}
        />
      ) : diff === null ? (
        <Loading what="Comparing the backup with the world (dry run)" />
      ) : (
        <DiffView d={diff} />
      )}
      <CheckField
        label="Shut the game server down first if it is running"
        checked={shutdown}
        disabled={running}
        onChange={(e) => setShutdown(e.target.checked)}
      />
      <Field
        label="Type RESTORE to confirm"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        disabled={diff === null || running}
      />
      <div role="status" className="status-line">
        {running && STEP_WORDS[job.step]}
      </div>
    </Dialog>
  );
}

/** Names one after another, each isolated from its neighbours' text direction. */
function Names({ xs }: { xs: { id: string; name: string }[] }) {
  return (
    <>
      {xs.map((x, i) => (
        <span key={x.id}>
          {i > 0 && ', '}
          <bdi>{x.name || '(no name)'}</bdi>
        </span>
      ))}
    </>
  );
}

export function DiffView({ d }: { d: DryRun }) {
  const files = d.files.added.length + d.files.removed.length + d.files.changed.length;
  const nothing =
    files === 0 &&
    d.players.gained.length + d.players.lost.length + d.guilds.gained.length + d.guilds.lost.length + d.pals.gained + d.pals.lost === 0;
  const kept =
    d.files.kept.length > 0 ? (
      <p className="muted small">
        Left as they are:{' '}
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
        <p className="diff-none">The backup holds the same world as the save folder now: nothing would change.</p>
        {kept}
      </>
    );
  return (
    <>
      <ul className="diff">
        <li>
          Files: {d.files.changed.length} changed, {d.files.added.length} added, {d.files.removed.length} removed
        </li>
        {d.players.lost.length > 0 && (
          <li className="lost">
            Players lost: <Names xs={d.players.lost} />
          </li>
        )}
        {d.players.gained.length > 0 && (
          <li className="gained">
            Players back: <Names xs={d.players.gained} />
          </li>
        )}
        <li>
          Pals: <span className="gained">+{d.pals.gained}</span> / <span className="lost">−{d.pals.lost}</span>
        </li>
        {d.guilds.lost.length > 0 && (
          <li className="lost">
            Guilds lost: <Names xs={d.guilds.lost} />
          </li>
        )}
        {d.guilds.gained.length > 0 && (
          <li className="gained">
            Guilds back: <Names xs={d.guilds.gained} />
          </li>
        )}
      </ul>
      {kept}
    </>
  );
}

// Backups and restore: the list, storage (the disk, the budget, the off-site copies' last check),
// the schedule; make, download, delete and upload; a
// restore shows the dry-run diff first and takes the typed word RESTORE before it runs, then
// follows the restore job to its end and says how it ended. Names from the game are isolated
// (<bdi>), so one name's direction controls cannot turn the list around.
import { useEffect, useRef, useState } from 'react';
import type { BackupTrigger } from '../../../../src/domain/backup';
import { api, type Data } from '../../api/http';
import { ago, bytes, count, when } from '../../shared/format';
import { useAction, useData, useEditable, useNow } from '../../api/hooks';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { Backup, BackupListItem, BackupJob, BackupSchedule, BackupStorage, DryRun, RestoreJob } from '../../types';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { CheckField, Field, FileButton } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote, Loading } from '../../ui/states';
import { BackupContents } from './BackupContents';
import { BackupCopyCell } from './BackupCopy';

/** Each trigger (lib/backup.ts) in the words of the list: a new trigger fails the type check here. */
const TRIGGER_WORDS: Record<BackupTrigger, string> = {
  scheduled: 'scheduled',
  manual: 'by hand',
  'pre-restore': 'before a restore',
  imported: 'uploaded',
};

export function Backups() {
  useTitle('Backups');
  const admin = useIsAdmin();
  const list = useData<BackupListItem[]>('/backups', { refreshMs: 30000 });
  const storage = useData<BackupStorage>('/backups/storage', { refreshMs: 30000 });
  const [job, setJob] = useState<BackupJob | null>(null);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const [looking, setLooking] = useState<Backup | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const del = useAction();
  const make = useAction();
  const upload = useAction();
  const file = useRef<HTMLInputElement>(null);
  const now = useNow();
  const { reload: reloadList } = list;
  const { reload: reloadStorage } = storage;

  // A backup being made: its state is polled until it is done or failed.
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const t = setInterval(() => {
      api
        .get<Data<BackupJob>>(`/backups/${job.id}`)
        .then((j) => {
          if (j.data.state === 'running') return;
          setJob(j.data);
          if (j.data.state === 'done') setNote('The backup is made and verified.');
          reloadList();
          reloadStorage();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(t);
  }, [job, reloadList, reloadStorage]);

  // One line says what happened last: each action replaces the note of the one before.
  const create = () => {
    setNote(null);
    void make.run(() => api.post<Data<BackupJob>>('/backups', {})).then((j) => j && setJob(j.data));
  };
  const remove = async () => {
    if (!deleting) return;
    if ((await del.run(() => api.del(`/backups/${deleting.id}`))) !== undefined) {
      setNote(`Deleted the backup of ${when(deleting.createdAt)}.`);
      setDeleting(null);
      reloadList();
      reloadStorage();
    }
  };
  const sendFile = async (f: File) => {
    const ok = await upload.run(() => api.upload('/backups/upload', f));
    if (ok !== undefined) {
      setNote(`Uploaded ${f.name}: it is listed as “uploaded”.`);
      reloadList();
      reloadStorage();
    }
    if (file.current) file.current.value = '';
  };

  return (
    <>
      <PageHead title="Backups">
        {admin && (
          <>
            <button type="button" className="primary" disabled={make.busy || job?.state === 'running'} onClick={create}>
              {job?.state === 'running' ? 'Making a backup…' : 'Back up now'}
            </button>
            <FileButton
              label={upload.busy ? 'Uploading…' : 'Upload a backup'}
              ref={file}
              accept=".tar.gz,.tgz,application/gzip"
              disabled={upload.busy}
              onChange={(e) => e.target.files?.[0] && void sendFile(e.target.files[0])}
            />
          </>
        )}
      </PageHead>
      <div role="status" className="status-line">
        {job?.state === 'running' && 'The game is asked to save, then the files are archived once they settle…'}
        {note}
      </div>
      {job?.state === 'failed' && <ErrorNote error={`The backup failed: ${job.error ?? 'no reason given'}`} />}
      <ErrorNote error={make.error ?? upload.error} />
      <div className="grid">
        <Card title="Storage">
          <Async r={storage} what="Reading storage">
            {(s) => (
              <div className="stats">
                <Stat label="Backups" value={s.count} />
                <Stat label="Space used" value={bytes(s.bytesUsed)} />
                <Stat label="Free on disk" value={bytes(s.freeBytes)} sub={s.diskBytes ? `of ${bytes(s.diskBytes)}` : undefined} />
                <Stat
                  label="Budget"
                  value={s.budgetBytes ? bytes(s.budgetBytes) : 'none'}
                  sub={s.budgetBytes ? `${Math.round((100 * s.bytesUsed) / s.budgetBytes)}% used` : undefined}
                />
                <Stat
                  label="Newest"
                  value={s.newestAt ? ago(s.newestAt, now) : 'none'}
                  sub={s.oldestAt ? `oldest ${when(s.oldestAt)}` : undefined}
                />
              </div>
            )}
          </Async>
          {storage.data?.lowSpace && (
            <p className="warn-text small">The disk is nearly full: after the next backup, less than two backups’ worth will be free.</p>
          )}
          {storage.data && <OffsiteLine offsite={storage.data.offsite} now={now} onChecked={reloadStorage} />}
        </Card>
        <ScheduleCard />
        <Card title="Backups" className="wide-card">
          <Async r={list} what="Reading backups">
            {(rows) => (
              <DataTable
                caption="Backups"
                rows={rows}
                rowKey={(b) => b.id}
                empty={
                  admin
                    ? 'No backups yet. Make one now, or turn the schedule on.'
                    : 'No backups yet. An admin makes them, by hand or on the schedule.'
                }
                columns={[
                  {
                    key: 'at',
                    label: 'Made',
                    sort: (b) => b.createdAt,
                    render: (b) => <time dateTime={b.createdAt}>{when(b.createdAt)}</time>,
                  },
                  {
                    key: 'trigger',
                    label: 'How',
                    sort: (b) => b.trigger,
                    render: (b) => <Badge tone={b.trigger === 'pre-restore' ? 'warn' : 'muted'}>{TRIGGER_WORDS[b.trigger]}</Badge>,
                  },
                  { key: 'size', label: 'Size', numeric: true, sort: (b) => b.sizeBytes, render: (b) => bytes(b.sizeBytes) },
                  {
                    key: 'world',
                    label: 'World',
                    wide: true,
                    render: (b) =>
                      b.world
                        ? `${count(b.world.players, 'player')}, ${count(b.world.pals, 'pal')}, ${count(b.world.guilds, 'guild')}`
                        : '—',
                  },
                  { key: 'note', label: 'Note', wide: true, render: (b) => b.note ?? '' },
                  {
                    key: 'copy',
                    label: 'Off-site',
                    sort: (b) => b.offsite.state,
                    render: (b) => <BackupCopyCell copy={b.offsite} detail={admin} />,
                  },
                  {
                    key: 'contents',
                    label: 'Contents',
                    render: (b) => (
                      <button
                        type="button"
                        className="link"
                        aria-label={`Contents of the backup of ${when(b.createdAt)}`}
                        aria-pressed={looking?.id === b.id}
                        onClick={() => setLooking(b)}
                      >
                        Contents
                      </button>
                    ),
                  },
                  ...(admin
                    ? [
                        {
                          key: 'actions',
                          label: 'Actions',
                          render: (b: Backup) => (
                            <span className="row-actions">
                              <a href={`/api/v1/backups/${b.id}/download`} download>
                                Download
                              </a>
                              <button type="button" className="link" onClick={() => setRestoring(b)}>
                                Restore…
                              </button>
                              <button type="button" className="link danger-text" onClick={() => setDeleting(b)}>
                                Delete
                              </button>
                            </span>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            )}
          </Async>
        </Card>
        {looking && <BackupContents backup={looking} onClose={() => setLooking(null)} />}
      </div>
      <Dialog
        open={deleting !== null}
        title="Delete this backup?"
        confirm="Delete"
        danger
        busy={del.busy}
        error={del.error}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        <p>The backup of {deleting && when(deleting.createdAt)} is removed from disk. This cannot be undone.</p>
      </Dialog>
      {restoring && (
        <RestoreDialog
          backup={restoring}
          onClose={() => setRestoring(null)}
          onEnded={(job) => {
            reloadList();
            reloadStorage();
            if (job.state !== 'done') return;
            const warnings = job.result?.warnings ?? [];
            setNote(
              `Restored the backup of ${when(restoring.createdAt)}; a backup of the world as it was is listed as “before a restore”.` +
                (warnings.length ? ` Note: ${warnings.join(' ')}` : ''),
            );
            setRestoring(null);
          }}
        />
      )}
    </>
  );
}

/** Each outcome of a check of the off-site copy, in words. */
const CHECK_WORDS: Record<NonNullable<BackupStorage['offsite']['last']>['outcome'], string> = {
  ok: 'came back whole',
  corrupt: 'came back damaged',
  missing: 'was not found',
  failed: 'could not be checked',
};

/** Where the off-site copies stand: the last check, the newest good copy, and (admins) a check now. */
export function OffsiteLine({ offsite, now, onChecked }: { offsite: BackupStorage['offsite']; now: number; onChecked: () => void }) {
  const admin = useIsAdmin();
  const check = useAction();
  const running = offsite.running || check.busy;
  // While a check runs, storage is read again every 2 s until it has ended.
  useEffect(() => {
    if (!offsite.running) return;
    const t = setInterval(onChecked, 2000);
    return () => clearInterval(t);
  }, [offsite.running, onChecked]);
  if (!offsite.configured) return <p className="muted small">Off-site copies are not checked (SERVICE_BACKUP_CHECK_COMMAND is not set).</p>;
  const last = offsite.last;
  return (
    <div className="small">
      <p className={last && last.outcome !== 'ok' ? 'bad-text' : undefined}>
        {running
          ? 'Fetching the off-site copy back and checking it…'
          : last
            ? `Off-site copy ${last.backupCreatedAt ? `of ${when(last.backupCreatedAt)} ` : ''}${CHECK_WORDS[last.outcome]} (checked ${ago(last.at, now)}). ${last.outcome === 'ok' ? '' : last.detail}`
            : 'No off-site copy has been checked yet.'}
      </p>
      {offsite.stale && (
        <p className="warn-text">
          {offsite.newestGoodAt
            ? `The newest good off-site copy is of ${when(offsite.newestGoodAt)}: older than the schedule allows.`
            : 'No off-site copy has passed its check yet.'}
        </p>
      )}
      {admin && (
        <>
          <button
            type="button"
            disabled={running}
            onClick={() => void check.run(() => api.post('/backups/check', {})).then((r) => r !== undefined && onChecked())}
          >
            Check the off-site copy now
          </button>
          <ErrorNote error={check.error} />
        </>
      )}
    </div>
  );
}

export function ScheduleCard() {
  const admin = useIsAdmin();
  const { r, draft, setDraft, submit, saving, error, saved } = useEditable<BackupSchedule>('/backups/schedule');
  return (
    <Card title="Schedule">
      <Async r={r} what="Reading the schedule">
        {(schedule) =>
          !admin ? (
            <ScheduleFacts s={schedule} />
          ) : (
            draft && (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void submit();
                }}
              >
                <CheckField
                  label="Back up on a schedule"
                  checked={draft.enabled}
                  onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
                />
                <div className="row">
                  <Field
                    label="Every (hours, 1–12)"
                    type="number"
                    min={1}
                    max={12}
                    required
                    value={draft.intervalHours}
                    onChange={(e) => setDraft({ ...draft, intervalHours: Number(e.target.value) })}
                  />
                  <Field
                    label="Keep for (days, 7–60)"
                    type="number"
                    min={7}
                    max={60}
                    required
                    value={draft.retentionDays}
                    onChange={(e) => setDraft({ ...draft, retentionDays: Number(e.target.value) })}
                  />
                </div>
                <div className="row">
                  <Field
                    label="Then one a day (weeks, 0–52)"
                    type="number"
                    min={0}
                    max={52}
                    required
                    value={draft.keepDailyWeeks}
                    onChange={(e) => setDraft({ ...draft, keepDailyWeeks: Number(e.target.value) })}
                  />
                  <Field
                    label="Then one a week (months, 0–36)"
                    type="number"
                    min={0}
                    max={36}
                    required
                    value={draft.keepWeeklyMonths}
                    onChange={(e) => setDraft({ ...draft, keepWeeklyMonths: Number(e.target.value) })}
                  />
                </div>
                <div className="row">
                  <Field
                    label="Budget (MB, 0 = none)"
                    type="number"
                    min={0}
                    step={1}
                    required
                    value={Math.round(draft.budgetBytes / 1_000_000)}
                    onChange={(e) => setDraft({ ...draft, budgetBytes: Math.max(0, Math.round(Number(e.target.value) * 1_000_000)) })}
                    hint="Past it the oldest backups go first."
                  />
                </div>
                <div className="row">
                  <Field
                    label="Off-site check every (hours, 0 = on demand)"
                    type="number"
                    min={0}
                    max={168}
                    required
                    value={draft.checkIntervalHours}
                    onChange={(e) => setDraft({ ...draft, checkIntervalHours: Number(e.target.value) })}
                  />
                  <Field
                    label="Warn past (hours, 0 = never)"
                    hint="When the newest good off-site copy is older."
                    type="number"
                    min={0}
                    max={2160}
                    required
                    value={draft.checkMaxAgeHours}
                    onChange={(e) => setDraft({ ...draft, checkMaxAgeHours: Number(e.target.value) })}
                  />
                </div>
                <p className="muted small">The newest backup is never deleted, however old, nor to keep within the budget.</p>
                <ErrorNote error={error} />
                {admin && (
                  <div className="actions">
                    {saved && <span role="status">Saved.</span>}
                    <button type="submit" className="primary" disabled={saving}>
                      Save schedule
                    </button>
                  </div>
                )}
              </form>
            )
          )
        }
      </Async>
    </Card>
  );
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The schedule as a viewer reads it: words, not editors they may not use. */
function ScheduleFacts({ s }: { s: BackupSchedule }) {
  const kept = [
    plural(s.retentionDays, 'day'),
    ...(s.keepDailyWeeks > 0 ? [`then one a day for ${plural(s.keepDailyWeeks, 'week')}`] : []),
    ...(s.keepWeeklyMonths > 0 ? [`then one a week for ${plural(s.keepWeeklyMonths, 'month')}`] : []),
  ];
  return (
    <>
      <dl className="facts">
        <dt>Scheduled backups</dt>
        <dd>{s.enabled ? `every ${plural(s.intervalHours, 'hour')}` : 'off'}</dd>
        <dt>Kept</dt>
        <dd>{kept.join(', ')}</dd>
        <dt>Budget</dt>
        <dd>{s.budgetBytes > 0 ? `${Math.round(s.budgetBytes / 1_000_000).toLocaleString('en')} MB` : 'none'}</dd>
        <dt>Off-site check</dt>
        <dd>
          {s.checkIntervalHours > 0 ? `every ${plural(s.checkIntervalHours, 'hour')}` : 'when an admin asks'}
          {s.checkMaxAgeHours > 0 ? `; warns past ${plural(s.checkMaxAgeHours, 'hour')}` : ''}
        </dd>
      </dl>
      <p className="muted small">
        The newest backup is never deleted, however old, nor to keep within the budget. An admin sets the schedule.
      </p>
    </>
  );
}

/** What a running restore does now, in words. */
const STEP_WORDS: Record<RestoreJob['step'], string> = {
  'reading-backup': 'Reading the backup and comparing it with the world…',
  'stopping-game': 'Asking the game server to stop, and waiting until it has…',
  'checking-game': 'Making sure the game server is stopped and its save files are at rest…',
  'pre-restore-backup': 'Backing up the world as it is now…',
  swapping: 'Putting the backup’s files in place…',
  're-parsing': 'Reading the restored world…',
};

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

  useEffect(() => {
    api
      .post<Data<DryRun>>(`/backups/${backup.id}/restore/dry-run`, {})
      .then((d) => setDiff(d.data))
      .catch((e: unknown) => setDiffError(e instanceof Error ? e.message : String(e)));
  }, [backup.id]);

  // The job is followed until it has ended; a failed poll is tried again at the next tick.
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const t = setInterval(() => {
      api
        .get<Data<RestoreJob>>(`/backups/${backup.id}/restore`)
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
    const started = await act.run(() =>
      api.post<Data<RestoreJob>>(`/backups/${backup.id}/restore`, shutdown ? { confirm: typed, shutdown: true } : { confirm: typed }),
    );
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
      error={act.error ?? (job?.state === 'failed' ? `The restore did not complete: ${job.error ?? 'no reason given'}` : null)}
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
        <ErrorNote error={`The dry run failed: ${diffError}`} />
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

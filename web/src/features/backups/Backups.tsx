// Backups and restore: the list, storage (the disk, the budget, the off-site copies' last check),
// the schedule; make, download, delete and upload; a
// restore shows the dry-run diff first and takes the typed word RESTORE before it runs, then
// follows the restore job to its end and says how it ended. Names from the game are isolated
// (<bdi>), so one name's direction controls cannot turn the list around.
import { useEffect, useRef, useState } from 'react';
import type { BackupTrigger } from '../../../../src/contract/backup-words';
import { useAction, type Loaded } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import type { DataOf } from '../../api/operations';
import { ago, bytes, count, when } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { Backup, BackupJob, BackupListItem, BackupStorage } from '../../types';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { FileButton } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, ErrorNote } from '../../ui/states';
import { copyBackupNow, createBackup, deleteBackup, downloadUrl, getBackup, uploadBackup, useBackupList, useBackupStorage } from './api';
import { BackupContents } from './BackupContents';
import { BackupCopyCell } from './BackupCopy';
import { OffsiteLine } from './OffsiteLine';
import { RestoreDialog } from './RestoreDialog';
import { ScheduleCard } from './ScheduleCard';

/** Each trigger (contract/backup-words.ts) in the words of the list: a new trigger fails the type check here. */
const TRIGGER_WORDS: Record<BackupTrigger, string> = {
  scheduled: 'scheduled',
  manual: 'by hand',
  'pre-restore': 'before a restore',
  imported: 'uploaded',
};

/** A backup being made: started by hand, its state polled until it is done or failed. */
function useBackupJob(reload: () => void, setNote: (note: string | null) => void) {
  // Started (its id, running), then as GET /backups/{id} tells it.
  const [job, setJob] = useState<BackupJob | DataOf<'createBackup'> | null>(null);
  const make = useAction();
  // The parent's reload is a new function each render; the poll keeps to the latest.
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  });
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const t = setInterval(() => {
      getBackup(job.id)
        .then((j) => {
          if (j.data.state === 'running') return;
          setJob(j.data);
          if (j.data.state === 'done') setNote('The backup is made and verified.');
          reloadRef.current();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(t);
  }, [job, setNote]);
  // One line says what happened last: each action replaces the note of the one before.
  const create = () => {
    setNote(null);
    void make.run(() => createBackup()).then((j) => j && setJob(j.data));
  };
  return { job, make, create };
}

export function Backups() {
  useTitle('Backups');
  const admin = useIsAdmin();
  const list = useBackupList({ refreshMs: 30000 });
  const storage = useBackupStorage({ refreshMs: 30000 });
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const [looking, setLooking] = useState<Backup | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const del = useAction();
  const upload = useAction();
  const copy = useAction();
  const file = useRef<HTMLInputElement>(null);
  const now = useNow();
  const { reload: reloadList } = list;
  const unset = storage.error?.status === 409;
  const { reload: reloadStorage } = storage;

  const { job, make, create } = useBackupJob(() => {
    reloadList();
    reloadStorage();
  }, setNote);
  const remove = async () => {
    if (!deleting) return;
    if ((await del.run(() => deleteBackup(deleting.id))) !== undefined) {
      setNote(`Deleted the backup of ${when(deleting.createdAt)}.`);
      setDeleting(null);
      reloadList();
      reloadStorage();
    }
  };
  const sendFile = async (f: File) => {
    const ok = await upload.run(() => uploadBackup(f));
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
        {/* Without a save folder (409: the storage card says which setting) no backup can be made. */}
        {admin && !unset && (
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
      <ErrorNote error={make.error ?? upload.error ?? copy.error} />
      <div className="grid">
        <StorageCard storage={storage} now={now} />
        <ScheduleCard />
        <Card title="Backups" className="wide-card">
          <Async r={list} what="Reading backups">
            {(rows) => (
              <BackupList
                rows={rows}
                looking={looking}
                setLooking={setLooking}
                setRestoring={setRestoring}
                setDeleting={setDeleting}
                unset={unset}
                copyNow={
                  storage.data?.copyConfigured ? (b) => void copy.run(() => copyBackupNow(b.id)).then((r) => r && reloadList()) : undefined
                }
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

function StorageCard({ storage, now }: { storage: Loaded<BackupStorage>; now: number }) {
  return (
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
      {storage.data && <OffsiteLine offsite={storage.data.offsite} now={now} onChecked={storage.reload} />}
    </Card>
  );
}

/** The backups, newest first, with their off-site copy and (admins) download, restore and delete. */
/** A backup the copy command never copied and will not: made before it was set, or given up. */
const uncopied = (b: BackupListItem) => b.offsite.state === 'off' || (b.offsite.state === 'failed' && !b.offsite.nextAttemptAt);

function BackupList({
  rows,
  looking,
  setLooking,
  setRestoring,
  setDeleting,
  copyNow,
  unset = false,
}: {
  rows: BackupListItem[];
  looking: Backup | null;
  setLooking: (b: Backup) => void;
  setRestoring: (b: Backup) => void;
  setDeleting: (b: Backup) => void;
  /** Asks the off-site copy of a backup never copied; absent while no copy command is set. */
  copyNow?: (b: Backup) => void;
  /** No save folder is set: the list is empty for that reason. */
  unset?: boolean;
}) {
  const admin = useIsAdmin();
  return (
    <DataTable
      caption="Backups"
      rows={rows}
      rowKey={(b) => b.id}
      empty={
        unset
          ? 'No save folder is set (SERVICE_SAVE_DIR), so nothing is backed up: set it and restart palpanel.'
          : admin
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
            b.world ? `${count(b.world.players, 'player')}, ${count(b.world.pals, 'pal')}, ${count(b.world.guilds, 'guild')}` : '—',
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
                render: (b: BackupListItem) => (
                  <span className="row-actions">
                    <a href={downloadUrl(b.id)} download>
                      Download
                    </a>
                    <button type="button" className="link" onClick={() => setRestoring(b)}>
                      Restore…
                    </button>
                    {copyNow && uncopied(b) && (
                      <button type="button" className="link" onClick={() => copyNow(b)}>
                        Copy now
                      </button>
                    )}
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
  );
}

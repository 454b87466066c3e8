// Backups and restore: the list, storage (the disk, the budget, the off-site copies' last check),
// the schedule; make, download, delete and upload; a
// restore shows the dry-run diff first and takes the typed word RESTORE before it runs, then
// follows the restore job to its end and says how it ended. Names from the game are isolated
// (<bdi>), so one name's direction controls cannot turn the list around.
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { BackupTrigger } from '../../../../src/contract/backup-words';
import { useAction, type Loaded } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import type { DataOf } from '../../api/operations';
import { ago, bytes, when } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { useIsAdmin } from '../../shared/session';
import type { Backup, BackupJob, BackupListItem, BackupStorage, RestoreJob } from '../../types';
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

/** Each trigger (contract/backup-words.ts) by its message id: a new trigger fails the type check here. */
const TRIGGER_WORDS: Record<BackupTrigger, string> = {
  scheduled: 'backups.trigger.scheduled',
  manual: 'backups.trigger.manual',
  'pre-restore': 'backups.trigger.preRestore',
  imported: 'backups.trigger.imported',
};

/** What the screen says once a restore is done, with the restore's warnings if any. */
function restoredNote(intl: IntlShape, backup: Backup, job: RestoreJob): string {
  const warnings = job.result?.warnings ?? [];
  return intl.formatMessage(
    { id: warnings.length ? 'backups.restoredWarned' : 'backups.restored' },
    { when: when(backup.createdAt), warnings: warnings.join(' ') },
  );
}

const failedNote = (intl: IntlShape, error: string | null | undefined) =>
  intl.formatMessage({ id: 'backups.failed' }, { reason: error ?? intl.formatMessage({ id: 'backups.noReason' }) });

/** A backup being made: started by hand, its state polled until it is done or failed. */
function useBackupJob(reload: () => void, setNote: (note: string | null) => void) {
  const intl = useIntl();
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
          if (j.data.state === 'done') setNote(intl.formatMessage({ id: 'backups.made' }));
          reloadRef.current();
        })
        .catch(() => undefined);
    }, 1000);
    return () => clearInterval(t);
  }, [job, setNote, intl]);
  // One line says what happened last: each action replaces the note of the one before.
  const create = () => {
    setNote(null);
    void make.run(() => createBackup()).then((j) => j && setJob(j.data));
  };
  return { job, make, create };
}

export function Backups() {
  const intl = useIntl();
  useTitle(intl.formatMessage({ id: 'backups.title' }));
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
      setNote(intl.formatMessage({ id: 'backups.deleted' }, { when: when(deleting.createdAt) }));
      setDeleting(null);
      reloadList();
      reloadStorage();
    }
  };
  const sendFile = async (f: File) => {
    const ok = await upload.run(() => uploadBackup(f));
    if (ok !== undefined) {
      setNote(intl.formatMessage({ id: 'backups.uploaded' }, { name: f.name }));
      reloadList();
      reloadStorage();
    }
    if (file.current) file.current.value = '';
  };

  return (
    <>
      <PageHead title={intl.formatMessage({ id: 'backups.title' })}>
        {/* Without a save folder (409: the storage card says which setting) no backup can be made. */}
        {admin && !unset && (
          <>
            <button type="button" className="primary" disabled={make.busy || job?.state === 'running'} onClick={create}>
              {intl.formatMessage({ id: job?.state === 'running' ? 'backups.making' : 'backups.backUpNow' })}
            </button>
            <FileButton
              label={intl.formatMessage({ id: upload.busy ? 'backups.uploading' : 'backups.upload' })}
              ref={file}
              accept=".tar.gz,.tgz,application/gzip"
              disabled={upload.busy}
              onChange={(e) => e.target.files?.[0] && void sendFile(e.target.files[0])}
            />
          </>
        )}
      </PageHead>
      <div role="status" className="status-line">
        {job?.state === 'running' && intl.formatMessage({ id: 'backups.running' })}
        {note}
      </div>
      {job?.state === 'failed' && <ErrorNote error={failedNote(intl, job.error)} />}
      <ErrorNote error={make.error ?? upload.error ?? copy.error} />
      <div className="grid">
        <StorageCard storage={storage} now={now} />
        <ScheduleCard />
        <Card title={intl.formatMessage({ id: 'backups.title' })} className="wide-card">
          <Async r={list} what={intl.formatMessage({ id: 'backups.reading' })}>
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
        title={intl.formatMessage({ id: 'backups.delete.title' })}
        confirm={intl.formatMessage({ id: 'backups.delete.confirm' })}
        danger
        busy={del.busy}
        error={del.error}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      >
        <p>{intl.formatMessage({ id: 'backups.delete.body' }, { when: deleting ? when(deleting.createdAt) : '' })}</p>
      </Dialog>
      {restoring && (
        <RestoreDialog
          backup={restoring}
          onClose={() => setRestoring(null)}
          onEnded={(job) => {
            reloadList();
            reloadStorage();
            if (job.state !== 'done') return;
            setNote(restoredNote(intl, restoring, job));
            setRestoring(null);
          }}
        />
      )}
    </>
  );
}

function StorageCard({ storage, now }: { storage: Loaded<BackupStorage>; now: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `backups.storage.${id}` }, values);
  return (
    <Card title={t('title')}>
      <Async r={storage} what={t('reading')}>
        {(s) => (
          <div className="stats">
            <Stat label={t('count')} value={intl.formatNumber(s.count)} />
            <Stat label={t('used')} value={bytes(s.bytesUsed)} />
            <Stat label={t('free')} value={bytes(s.freeBytes)} sub={s.diskBytes ? t('of', { size: bytes(s.diskBytes) }) : undefined} />
            <Stat
              label={t('budget')}
              value={s.budgetBytes ? bytes(s.budgetBytes) : t('none')}
              sub={s.budgetBytes ? t('percentUsed', { share: s.bytesUsed / s.budgetBytes }) : undefined}
            />
            <Stat
              label={t('newest')}
              value={s.newestAt ? ago(s.newestAt, now) : t('none')}
              sub={s.oldestAt ? t('oldest', { when: when(s.oldestAt) }) : undefined}
            />
          </div>
        )}
      </Async>
      {storage.data?.lowSpace && <p className="warn-text small">{t('lowSpace')}</p>}
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
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `backups.list.${id}` }, values);
  return (
    <DataTable
      caption={intl.formatMessage({ id: 'backups.title' })}
      rows={rows}
      rowKey={(b) => b.id}
      empty={t(unset ? 'emptyUnset' : admin ? 'emptyAdmin' : 'emptyViewer')}
      columns={[
        {
          key: 'at',
          label: t('made'),
          sort: (b) => b.createdAt,
          render: (b) => <time dateTime={b.createdAt}>{when(b.createdAt)}</time>,
        },
        {
          key: 'trigger',
          label: t('how'),
          sort: (b) => b.trigger,
          render: (b) => (
            <Badge tone={b.trigger === 'pre-restore' ? 'warn' : 'muted'}>{intl.formatMessage({ id: TRIGGER_WORDS[b.trigger] })}</Badge>
          ),
        },
        { key: 'size', label: t('size'), numeric: true, sort: (b) => b.sizeBytes, render: (b) => bytes(b.sizeBytes) },
        {
          key: 'world',
          label: t('world'),
          wide: true,
          render: (b) => (b.world ? t('worldCounts', { players: b.world.players, pals: b.world.pals, guilds: b.world.guilds }) : '—'),
        },
        { key: 'note', label: t('note'), wide: true, render: (b) => b.note ?? '' },
        {
          key: 'copy',
          label: t('offsite'),
          sort: (b) => b.offsite.state,
          render: (b) => <BackupCopyCell copy={b.offsite} detail={admin} />,
        },
        {
          key: 'contents',
          label: t('contents'),
          render: (b) => (
            <button
              type="button"
              className="link"
              aria-label={intl.formatMessage({ id: 'backups.contents.title' }, { when: when(b.createdAt) })}
              aria-pressed={looking?.id === b.id}
              onClick={() => setLooking(b)}
            >
              {t('contents')}
            </button>
          ),
        },
        ...(admin
          ? [
              {
                key: 'actions',
                label: t('actions'),
                render: (b: BackupListItem) => (
                  <span className="row-actions">
                    <a href={downloadUrl(b.id)} download>
                      {t('download')}
                    </a>
                    <button type="button" className="link" onClick={() => setRestoring(b)}>
                      {t('restore')}
                    </button>
                    {copyNow && uncopied(b) && (
                      <button type="button" className="link" onClick={() => copyNow(b)}>
                        {t('copyNow')}
                      </button>
                    )}
                    <button type="button" className="link danger-text" onClick={() => setDeleting(b)}>
                      {t('delete')}
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

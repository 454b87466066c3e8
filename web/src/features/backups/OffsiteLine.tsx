// The off-site copies' line of the storage card: the last check of a copy fetched back, the
// newest good copy, and (admins) a check now.
import { useEffect } from 'react';
import { useAction } from '../../api/hooks';
import { ago, when } from '../../shared/format';
import { useIsAdmin } from '../../shared/session';
import type { BackupStorage } from '../../types';
import { ErrorNote } from '../../ui/states';
import { checkOffsiteCopy } from './api';

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
            onClick={() => void check.run(() => checkOffsiteCopy()).then((r) => r !== undefined && onChecked())}
          >
            Check the off-site copy now
          </button>
          <ErrorNote error={check.error} />
        </>
      )}
    </div>
  );
}

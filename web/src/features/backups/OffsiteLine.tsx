// The off-site copies' line of the storage card: the last check of a copy fetched back, the
// newest good copy, and (admins) a check now.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAction } from '../../api/hooks';
import { ago, when } from '../../shared/format';
import { useIsAdmin } from '../../shared/session';
import type { BackupStorage } from '../../types';
import { ErrorNote } from '../../ui/states';
import { checkOffsiteCopy } from './api';

/** Where the off-site copies stand: the last check, the newest good copy, and (admins) a check now. */
export function OffsiteLine({ offsite, now, onChecked }: { offsite: BackupStorage['offsite']; now: number; onChecked: () => void }) {
  const admin = useIsAdmin();
  const intl = useIntl();
  const check = useAction();
  const running = offsite.running || check.busy;
  // While a check runs, storage is read again every 2 s until it has ended.
  useEffect(() => {
    if (!offsite.running) return;
    const t = setInterval(onChecked, 2000);
    return () => clearInterval(t);
  }, [offsite.running, onChecked]);
  if (!offsite.configured) return <p className="muted small">{intl.formatMessage({ id: 'backups.offsite.unset' })}</p>;
  const last = offsite.last;
  return (
    <div className="small">
      <p className={last && last.outcome !== 'ok' ? 'bad-text' : undefined}>
        {running
          ? intl.formatMessage({ id: 'backups.offsite.running' })
          : last
            ? intl.formatMessage(
                { id: last.backupCreatedAt ? 'backups.offsite.last' : 'backups.offsite.lastUndated' },
                {
                  outcome: last.outcome,
                  of: last.backupCreatedAt ? when(last.backupCreatedAt) : '',
                  ago: ago(last.at, now),
                  detail: last.outcome === 'ok' ? '' : last.detail,
                },
              )
            : intl.formatMessage({ id: 'backups.offsite.never' })}
      </p>
      {offsite.stale && (
        <p className="warn-text">
          {offsite.newestGoodAt
            ? intl.formatMessage({ id: 'backups.offsite.stale' }, { when: when(offsite.newestGoodAt) })
            : intl.formatMessage({ id: 'backups.offsite.noneGood' })}
        </p>
      )}
      {admin && (
        <>
          <button
            type="button"
            disabled={running}
            onClick={() => void check.run(() => checkOffsiteCopy()).then((r) => r !== undefined && onChecked())}
          >
            {intl.formatMessage({ id: 'backups.offsite.check' })}
          </button>
          <ErrorNote error={check.error} />
        </>
      )}
    </div>
  );
}

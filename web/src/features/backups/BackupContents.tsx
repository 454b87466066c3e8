// What a backup holds, before any dry-run or restore: the game version and the world's players,
// pals and guilds as its manifest recorded them when it was made, and each file with its size and
// checksum (GET /backups/{id}/contents, which a viewer may read too).
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { bytes, when } from '../../shared/format';
import { useBackupContents } from './api';
import type { Backup } from '../../types';
import { Card, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async } from '../../ui/states';

export function BackupContents({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const intl = useIntl();
  const r = useBackupContents(backup.id);
  const none = intl.formatMessage({ id: 'backups.contents.notRecorded' });
  // Opened from a row of the list above: focus (and so scroll to) it, for the keyboard too.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), [backup.id]);
  return (
    <Card
      title={intl.formatMessage({ id: 'backups.contents.title' }, { when: when(backup.createdAt) })}
      className="wide-card backup-contents"
      actions={
        <button type="button" ref={close} onClick={onClose}>
          {intl.formatMessage({ id: 'backups.contents.close' })}
        </button>
      }
    >
      <Async r={r} what={intl.formatMessage({ id: 'backups.contents.reading' })}>
        {(c) => (
          <>
            <div className="stats">
              <Stat label={intl.formatMessage({ id: 'backups.contents.gameVersion' })} value={c.gameVersion ?? none} />
              <Stat
                label={intl.formatMessage({ id: 'backups.contents.players' })}
                value={c.world ? intl.formatMessage({ id: 'backups.count.players' }, { count: c.world.players }) : none}
              />
              <Stat
                label={intl.formatMessage({ id: 'backups.contents.pals' })}
                value={c.world ? intl.formatMessage({ id: 'backups.count.pals' }, { count: c.world.pals }) : none}
              />
              <Stat
                label={intl.formatMessage({ id: 'backups.contents.guilds' })}
                value={c.world ? intl.formatMessage({ id: 'backups.count.guilds' }, { count: c.world.guilds }) : none}
              />
              <Stat
                label={intl.formatMessage({ id: 'backups.contents.files' })}
                value={intl.formatMessage({ id: 'backups.count.files' }, { count: c.files.length })}
                sub={bytes(c.files.reduce((sum, f) => sum + f.size, 0))}
              />
            </div>
            {!c.world && <p className="muted small">{intl.formatMessage({ id: 'backups.contents.notParsed' })}</p>}
            <DataTable
              caption={intl.formatMessage({ id: 'backups.contents.caption' }, { when: when(backup.createdAt) })}
              rows={c.files}
              rowKey={(f) => f.path}
              empty={intl.formatMessage({ id: 'backups.contents.empty' })}
              filterText={(f) => f.path}
              columns={[
                {
                  key: 'path',
                  label: intl.formatMessage({ id: 'backups.contents.file' }),
                  sort: (f) => f.path,
                  render: (f) => <code>{f.path}</code>,
                },
                {
                  key: 'size',
                  label: intl.formatMessage({ id: 'backups.contents.size' }),
                  numeric: true,
                  sort: (f) => f.size,
                  render: (f) => bytes(f.size),
                },
                {
                  key: 'sha',
                  label: 'SHA-256',
                  wide: true,
                  render: (f) => (
                    <code className="small" title={f.sha256}>
                      {f.sha256.slice(0, 16)}…
                    </code>
                  ),
                },
              ]}
            />
          </>
        )}
      </Async>
    </Card>
  );
}

// What a backup holds, before any dry-run or restore: the game version and the world's players,
// pals and guilds as its manifest recorded them when it was made, and each file with its size and
// checksum (GET /backups/{id}/contents, which a viewer may read too).
import { useEffect, useRef } from 'react';
import { bytes, count, when } from '../../shared/format';
import { useBackupContents } from './api';
import type { Backup } from '../../types';
import { Card, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async } from '../../ui/states';

export function BackupContents({ backup, onClose }: { backup: Backup; onClose: () => void }) {
  const r = useBackupContents(backup.id);
  // Opened from a row of the list above: focus (and so scroll to) it, for the keyboard too.
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), [backup.id]);
  return (
    <Card
      title={`Contents of the backup of ${when(backup.createdAt)}`}
      className="wide-card backup-contents"
      actions={
        <button type="button" ref={close} onClick={onClose}>
          Close
        </button>
      }
    >
      <Async r={r} what="Reading the backup's contents">
        {(c) => (
          <>
            <div className="stats">
              <Stat label="Game version" value={c.gameVersion ?? 'not recorded'} />
              <Stat label="Players" value={c.world ? count(c.world.players, 'player') : 'not recorded'} />
              <Stat label="Pals" value={c.world ? count(c.world.pals, 'pal') : 'not recorded'} />
              <Stat label="Guilds" value={c.world ? count(c.world.guilds, 'guild') : 'not recorded'} />
              <Stat label="Files" value={count(c.files.length, 'file')} sub={bytes(c.files.reduce((sum, f) => sum + f.size, 0))} />
            </div>
            {!c.world && (
              <p className="muted small">The world was not parsed when this backup was made, so its counts were not recorded.</p>
            )}
            <DataTable
              caption={`Files in the backup of ${when(backup.createdAt)}`}
              rows={c.files}
              rowKey={(f) => f.path}
              empty="The backup holds no files."
              filterText={(f) => f.path}
              columns={[
                { key: 'path', label: 'File', sort: (f) => f.path, render: (f) => <code>{f.path}</code> },
                { key: 'size', label: 'Size', numeric: true, sort: (f) => f.size, render: (f) => bytes(f.size) },
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

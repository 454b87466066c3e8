// `backup verify`, the check after each backup and the off-site check all rest on verifyArchive
// (issue 37, finding 15: a planted bug that made it skip a member's checksum went unseen, as only
// the restore path tested a mismatch). Here a real backup has one member's bytes changed, its size
// kept, so only the checksum can tell.
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { verifyArchive } from '../../src/backups/archive.js';
import { runBackupOp } from '../../src/backups/ops.js';
import type { BackupRecord } from '../../src/backups/types.js';
import { backupRig } from '../helpers/backup-rig.js';

/** The archive at `path` with one byte of the member `name`'s data changed, sizes kept. */
function flipByteOf(path: string, name: string): void {
  const tar = gunzipSync(readFileSync(path));
  for (let at = 0; at + 512 <= tar.length;) {
    const head = tar.subarray(at, at + 512);
    const member = head.subarray(0, 100).toString('latin1').replace(/\0.*$/s, '');
    if (member === '') break;
    const size = parseInt(head.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
    if (member === name) {
      expect(size).toBeGreaterThan(10);
      tar[at + 512 + Math.floor(size / 2)] ^= 0x01;
      writeFileSync(path, gzipSync(tar));
      return;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`no member ${name} in ${path}`);
}

describe('verifyArchive and backup verify', () => {
  it('a member whose bytes changed but not its size is refused by its checksum; the whole archive passes', async () => {
    const { ports } = await backupRig();
    const made = (await runBackupOp(ports, { op: 'backup.create' })) as BackupRecord;
    const { path } = await ports.pathOf(made.id);
    await expect(verifyArchive(path)).resolves.toMatchObject({ format: 'palpanel-backup/1' });
    expect(await runBackupOp(ports, { op: 'backup.verify', id: made.id })).toMatchObject({ ok: true });

    flipByteOf(path, 'world/Level.sav');
    await expect(verifyArchive(path)).rejects.toThrow(/^Level\.sav does not match its checksum in the manifest$/);
    await expect(runBackupOp(ports, { op: 'backup.verify', id: made.id })).rejects.toThrow(/Level\.sav does not match its checksum/);
  });
});

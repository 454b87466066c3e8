// Replacing a file someone else owns the place of: the game's settings file, which a host may
// keep as a symbolic link into the game's folder (palworld-server-docker's volume, a shared
// config repository). A rename over the link itself would put a regular file where the link
// was and leave the game's file as it was (issue 28, finding 10); so the link is followed to
// the file it names, and that file is replaced atomically in its own folder with its own mode
// and owner.
import { chmodSync, chownSync, copyFileSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { renameDurably, writeTempFile } from './atomic-file.js';

/** The file could not be replaced as it was (another owner that palpanel may not give a file
 * to, or not a regular file). The message is safe to show: it names no path. */
export class ReplaceRefusedError extends Error {}

export interface ReplaceOptions {
  /** Before the replacement, the current content is copied to the target's path plus this
   * suffix (beside the real file, whose folder the replacement writes anyway). */
  keepPreviousAs?: string;
}

/**
 * Replaces the file `path` names, following symbolic links, with `data`: written beside the
 * real file under a temp name with the real file's mode, owner and group, fsynced, then renamed
 * over it. Returns the real path. Throws ReplaceRefusedError (nothing changed) when the real
 * file is not a regular file or its owner or group cannot be kept; file-system errors as they
 * come (nothing changed either).
 */
export function replaceFileThroughLinks(path: string, data: Uint8Array, opts: ReplaceOptions = {}): string {
  const target = realpathSync(path);
  const st = statSync(target);
  if (!st.isFile()) throw new ReplaceRefusedError('The deployment file is not a regular file.');
  const mode = st.mode & 0o7777;
  const tmp = writeTempFile(target, data, mode);
  try {
    // The temp file was created under the umask: its mode is set again, whole.
    chmodSync(tmp, mode);
    const made = statSync(tmp);
    if (made.uid !== st.uid || made.gid !== st.gid) {
      try {
        chownSync(tmp, st.uid, st.gid);
      } catch {
        throw new ReplaceRefusedError(
          `The deployment file belongs to another user or group (uid ${st.uid}, gid ${st.gid}) that palpanel cannot give a file to, so it was not replaced.`,
        );
      }
    }
    if (opts.keepPreviousAs) copyFileSync(target, target + opts.keepPreviousAs);
    renameDurably(tmp, target);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* renamed already, or gone */
    }
    throw err;
  }
  return target;
}

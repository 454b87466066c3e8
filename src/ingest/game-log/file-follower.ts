// Follows a log file the way `tail -F` does (issue 40): it survives rotation (the file renamed
// or removed and a new one made under the name: the old one is read to its end first, then the
// new one from its start) and truncation in place (logrotate's copytruncate: a file shorter than
// what was read is read again from its start). Checked every `pollMs` with stat: inotify misses
// writes over NFS and in some bind mounts, and a second's delay is fine for a log.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { LineSplitter } from './line-splitter.js';

/** At start, this much of the file's end is read (the lines before palpanel started). */
export const START_TAIL_BYTES = 1024 * 1024;
const CHUNK = 64 * 1024;

export interface FollowerEvents {
  line(text: string): void;
  /** Something the reader of the log should know (rotated, truncated), as a line of palpanel's. */
  note(text: string): void;
  state(state: 'following' | 'waiting', detail: string | null): void;
}

export class FileFollower {
  private fh: FileHandle | null = null;
  private ino = -1;
  private pos = 0;
  private first = true;
  private readonly split: LineSplitter;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly path: string,
    private readonly on: FollowerEvents,
    private readonly pollMs = 1_000,
  ) {
    this.split = new LineSplitter((l) => on.line(l));
  }

  /** One check: opens the file when it is there, follows a rotation or a truncation, reads what
   * was added. Tests call it directly; `start` calls it every `pollMs`. */
  async check(): Promise<void> {
    if (!this.fh) await this.openFile();
    if (!this.fh) return;
    const byName = await stat(this.path).then(
      (st) => st.ino,
      () => null,
    );
    if (byName !== this.ino) {
      // Rotated (renamed, or removed): what the game wrote to the old file before it let go is
      // read to its end, then the new file (when there is one yet) from its start.
      await this.readToEnd();
      this.split.flush();
      await this.closeFile();
      this.on.note(
        byName === null ? 'the log file was moved away; waiting for a new one' : 'the log file was rotated; following the new one',
      );
      await this.openFile();
      if (!this.fh) return;
    }
    const size = (await this.fh.stat()).size;
    if (size < this.pos) {
      this.split.drop();
      this.pos = 0;
      this.on.note('the log file was truncated; reading it from its start');
    }
    await this.readToEnd();
  }

  private async openFile(): Promise<void> {
    let fh: FileHandle;
    try {
      fh = await open(this.path, 'r');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      this.on.state('waiting', code === 'ENOENT' ? 'the file does not exist yet' : `the file cannot be read (${code ?? 'error'})`);
      return;
    }
    const st = await fh.stat();
    if (!st.isFile()) {
      await fh.close();
      this.on.state('waiting', 'the path is not a file');
      return;
    }
    this.fh = fh;
    this.ino = st.ino;
    // The first file: its last lines, from a line's start. A file made after that: all of it.
    this.pos = this.first ? Math.max(0, st.size - START_TAIL_BYTES) : 0;
    if (this.first && this.pos > 0) await this.skipPartLine();
    this.first = false;
    this.on.state('following', null);
  }

  /** Moves past the rest of a line the start-up tail began inside. */
  private async skipPartLine(): Promise<void> {
    const buf = Buffer.alloc(CHUNK);
    for (;;) {
      const { bytesRead } = await this.fh!.read(buf, 0, CHUNK, this.pos);
      if (bytesRead === 0) return;
      const nl = buf.subarray(0, bytesRead).indexOf(10);
      if (nl >= 0) {
        this.pos += nl + 1;
        return;
      }
      this.pos += bytesRead;
    }
  }

  private async readToEnd(): Promise<void> {
    if (!this.fh) return;
    const buf = Buffer.alloc(CHUNK);
    for (;;) {
      const { bytesRead } = await this.fh.read(buf, 0, CHUNK, this.pos);
      if (bytesRead === 0) return;
      this.pos += bytesRead;
      this.split.push(Buffer.from(buf.subarray(0, bytesRead)));
    }
  }

  /** Lets go of the file (start's abort does it too). */
  close(): Promise<void> {
    return this.closeFile();
  }

  private async closeFile(): Promise<void> {
    const fh = this.fh;
    this.fh = null;
    this.ino = -1;
    await fh?.close().catch(() => undefined);
  }

  start(signal: AbortSignal, onError: (err: unknown) => void): void {
    const run = () => {
      if (signal.aborted) return;
      void this.check()
        // A read cut by palpanel stopping (the file closed under it) is no error.
        .catch((err: unknown) => signal.aborted || onError(err))
        .finally(() => {
          if (!signal.aborted) this.timer = setTimeout(run, this.pollMs);
        });
    };
    run();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
      void this.closeFile();
    });
  }
}

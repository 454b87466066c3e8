// Bytes in, whole lines out: what a file or a command's pipe gives is cut anywhere, mid-line and
// mid-character. A line that never ends is let out at a bound, so memory stays bounded.
import { StringDecoder } from 'node:string_decoder';

const MAX_PENDING_CHARS = 64 * 1024;

export class LineSplitter {
  private decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly emit: (line: string) => void) {}

  push(chunk: Buffer): void {
    const parts = (this.pending + this.decoder.write(chunk)).split('\n');
    this.pending = parts.pop()!;
    for (const p of parts) this.emit(p);
    if (this.pending.length > MAX_PENDING_CHARS) {
      this.emit(this.pending);
      this.pending = '';
    }
  }

  /** The end of the stream: a last line without its line break is still a line. */
  flush(): void {
    const rest = this.pending + this.decoder.end();
    this.pending = '';
    this.decoder = new StringDecoder('utf8');
    if (rest !== '') this.emit(rest);
  }

  /** Forgets a part line (the file it came from was truncated: its end will never come). */
  drop(): void {
    this.pending = '';
    this.decoder = new StringDecoder('utf8');
  }
}

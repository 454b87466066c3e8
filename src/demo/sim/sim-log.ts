// The simulated game's log file, written the way PalServer.log is (Unreal Engine's lines:
// `[2026.11.28-04.20.00:123][  0]LogPal: Display: …`): the engine's start-up, players joining,
// a periodic line, the fatal error of a crash and the exit of a shutdown. Appended line by line,
// so a follower sees it grow as it grows on a real server.
import { appendFileSync } from 'node:fs';

const two = (n: number) => String(n).padStart(2, '0');

/** Unreal's time stamp: `2026.11.28-04.20.00:123` (UTC). */
export function unrealStamp(d: Date): string {
  return (
    `${d.getUTCFullYear()}.${two(d.getUTCMonth() + 1)}.${two(d.getUTCDate())}-` +
    `${two(d.getUTCHours())}.${two(d.getUTCMinutes())}.${two(d.getUTCSeconds())}:${String(d.getUTCMilliseconds()).padStart(3, '0')}`
  );
}

export class SimLog {
  private frame = 0;

  constructor(
    private readonly file: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** One line: `category` like `LogPal`, `verbosity` like `Display`, `Warning`, `Error`. */
  line(category: string, verbosity: string | null, text: string): void {
    this.frame = (this.frame + 1) % 1000;
    const v = verbosity ? `${verbosity}: ` : '';
    appendFileSync(this.file, `[${unrealStamp(this.now())}][${String(this.frame).padStart(3, ' ')}]${category}: ${v}${text}\n`);
  }

  started(version: string, restPort: number): void {
    this.line('LogInit', 'Display', 'Running engine for game: Pal');
    this.line('LogInit', null, `Build: ${version}`);
    this.line('LogNet', 'Display', 'SteamNetDriver_0 listening on port 8211');
    this.line('LogPal', 'Display', `REST API started on port ${restPort}`);
    this.line('LogPal', 'Display', 'Game server is ready.');
  }

  joined(name: string, userId: string): void {
    this.line('LogPal', 'Display', `${name} joined the server. (User id: ${userId})`);
  }

  tick(players: number, rssBytes: number): void {
    this.line('LogPal', null, `Server tick: ${players} players online, ${Math.round(rssBytes / 1024 ** 2)} MB in use`);
  }

  memoryWarning(rssBytes: number): void {
    this.line('LogMemory', 'Warning', `Memory in use grew to ${Math.round(rssBytes / 1024 ** 2)} MB`);
  }

  crashed(): void {
    this.line('LogCore', 'Error', 'appError called: Fatal error: [File:Unknown] [Line: 0]');
    this.line('LogCore', 'Error', 'Unhandled Exception: SIGSEGV: invalid attempt to read memory at address 0x0000000000000000');
    this.line('LogExit', 'Error', 'Crash in runnable thread PalServerThread');
  }

  exiting(): void {
    this.line('LogExit', 'Display', 'Exiting.');
  }
}

// A fake terminal for ink: a stdout with a size that can change (and say so), a stdin that
// takes key presses. `renderIn` draws in debug mode, where each write is one whole frame.
import { EventEmitter } from 'node:events';
import type { ReactElement } from 'react';
import { render } from 'ink';

export class FakeStdout extends EventEmitter {
  isTTY = true;
  frames: string[] = [];
  constructor(
    public columns = 120,
    public rows = 40,
  ) {
    super();
  }
  /** As a real stream does, calls the write callback (ink waits on one before it exits). */
  write = (s: string, encOrCb?: unknown, cb?: unknown): boolean => {
    this.frames.push(s);
    const done = typeof encOrCb === 'function' ? encOrCb : cb;
    if (typeof done === 'function') queueMicrotask(() => done());
    return true;
  };
  lastFrame = (): string => this.frames.at(-1) ?? '';
  /** Everything written, without colours and cursor moves. */
  text = (): string => stripAnsi(this.frames.join(''));
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

export class FakeStdin extends EventEmitter {
  private data: string | null = null;
  constructor(public isTTY = true) {
    super();
  }
  write = (data: string): void => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = (): string | null => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

// eslint-disable-next-line no-control-regex -- ESC is what an ANSI sequence starts with
export const stripAnsi = (s: string): string => s.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[()][0-9A-B]|\u001b[=>78]/g, '');

export const KEYS = {
  tab: '\t',
  shiftTab: '\u001b[Z',
  right: '\u001b[C',
  left: '\u001b[D',
  down: '\u001b[B',
  up: '\u001b[A',
  pageDown: '\u001b[6~',
  pageUp: '\u001b[5~',
};

export function renderIn(node: ReactElement, columns = 120, rows = 40) {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  const app = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { app, stdout, stdin, lastFrame: () => stdout.lastFrame() };
}

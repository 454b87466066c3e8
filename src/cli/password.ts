// Reads a password: the first line of stdin with --password-stdin, else a prompt on the
// terminal without echo.
import { UsageError } from './exit.js';
import type { CliIo } from './io.js';

export async function readPasswordFromStdin(stdin: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > 8192) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

export function promptPassword(io: CliIo, prompt: string): Promise<string> {
  const { stdin } = io;
  if (!stdin.isTTY) throw new UsageError('No terminal to prompt on: pass the password with --password-stdin.');
  io.err(prompt);
  return new Promise((resolve, reject) => {
    let text = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      io.err('\n');
      if (err) reject(err);
      else resolve(text);
    };
    const onData = (s: string) => {
      for (const ch of s) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new UsageError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on('data', onData);
  });
}

export async function readPassword(io: CliIo, fromStdin: boolean, prompt = 'Password: '): Promise<string> {
  if (fromStdin) return readPasswordFromStdin(io.stdin);
  const first = await promptPassword(io, prompt);
  const again = await promptPassword(io, 'Again: ');
  if (first !== again) throw new UsageError('The two passwords differ.');
  return first;
}

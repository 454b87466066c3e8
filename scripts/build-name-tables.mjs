#!/usr/bin/env node
// Builds the project's game-name tables in assets/names/<kind>/<lang>.json (or [out dir]) from the
// reference files in ../shared/reference/names/ (or [reference dir]) and the project's own names in
// assets/names/own/<lang>.json: `node scripts/build-name-tables.mjs [reference dir] [out dir]`,
// `npm run build:name-tables`; see assets/names/README.md.
//   <kind>/<lang>.json   { "<id, lower-case, without enum prefix>": "<display name>" }
//   languages.json       the languages built (the web UI's ten)
// kinds: species (pals and the humans a player can capture), passive, active, element, work.
// Species are looked up without `BOSS_`/`GYM_`/`PREDATOR_` (an alpha Grizzbolt is a Grizzbolt, not
// the tower boss the reference names `BOSS_ElecPanda`), then by the whole id: a prefixed reference
// id is kept only where its bare id has no name (`BOSS_Male_NinjaElite`, a human of its own).
// Same scheme as the item tables of scripts/build-item-tables.mjs (assets/items/names/<lang>.json
// is the kind `item`): one JSON string per table, parsed on first use, packed in the bundle.
// Only names are read: the reference files hold nothing else (their README). A reference name of
// "-" is a placeholder of the source, not a name, and is left out. Ids are written in sorted order
// so a rebuild from the same reference gives the same bytes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const REF = process.argv[2] || join(ROOT, '..', 'shared', 'reference', 'names');
const OUT = process.argv[3] ?? join(ROOT, 'assets', 'names');
const OWN = join(ROOT, 'assets', 'names', 'own');

/** The web UI's languages (web/src/i18n/languages.ts). */
export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru'];
/** Each kind and the reference file it comes from. */
export const KINDS = {
  species: 'pals',
  passive: 'passive-skills',
  active: 'active-skills',
  element: 'elements',
  work: 'work-suitability',
};

/** `EPalWazaID::FireBall` → `fireball`: the key every loader looks up. */
const keyOf = (id) => (id.includes('::') ? id.slice(id.lastIndexOf('::') + 2) : id).trim().toLowerCase();
const byKey = (obj) => Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

function namesOf(source) {
  const out = {};
  for (const [id, name] of Object.entries(source)) {
    if (typeof name !== 'string') continue;
    const n = name.trim();
    const k = keyOf(id);
    if (n !== '' && n !== '-' && k !== '') out[k] = n;
  }
  return out;
}

const VARIANT = /^(?:boss_|gym_|predator_)+/;
function withoutShadowed(names) {
  return Object.fromEntries(Object.entries(names).filter(([k]) => !VARIANT.test(k) || names[k.replace(VARIANT, '')] === undefined));
}

const counts = [];
for (const lang of LANGUAGES) {
  // The project's own names for what the references lack (Japanese skills, elements, work).
  const own = readJson(join(OWN, `${lang}.json`));
  const row = [lang];
  for (const [kind, file] of Object.entries(KINDS)) {
    const names = withoutShadowed({ ...namesOf(own[kind] ?? {}), ...namesOf(readJson(join(REF, lang, `${file}.json`))) });
    mkdirSync(join(OUT, kind), { recursive: true });
    writeFileSync(join(OUT, kind, `${lang}.json`), `${JSON.stringify(JSON.stringify(byKey(names)))}\n`);
    row.push(`${kind} ${Object.keys(names).length}`);
  }
  counts.push(row.join(', '));
}
writeFileSync(join(OUT, 'languages.json'), `${JSON.stringify(LANGUAGES)}\n`);
console.log(`assets/names:\n  ${counts.join('\n  ')}`);

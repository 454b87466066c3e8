// Measures the bytes each top-level worldSaveData property takes in a world save (and, for maps
// and arrays, how many entries it holds): the proportions the synthetic big world copies.
// Usage: node --import tsx bench/parse/measure-bulk.ts <save-folder>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openContainer } from '../../src/save/container/container.js';
import { readGvasHeader } from '../../src/save/gvas/header.js';
import { readTagRest } from '../../src/save/gvas/tag.js';
import { ByteReader } from '../../src/save/reader.js';

const dir = process.argv[2];
const file = new Uint8Array(readFileSync(join(dir, 'Level.sav')));
const { gvas } = await openContainer(file, { limit: 'maxDecompressedBytes' });
const r = new ByteReader(gvas);
readGvasHeader(r);
const rows: [string, string, number, number | null][] = [];
for (;;) {
  const name = r.fstring();
  if (name === 'None') break;
  const tag = readTagRest(r, name, r.fstring());
  const end = r.pos + tag.size;
  if (name === 'worldSaveData') {
    for (;;) {
      const n = r.fstring();
      if (n === 'None') break;
      const t = readTagRest(r, n, r.fstring());
      const vEnd = r.pos + t.size;
      let count: number | null = null;
      if (t.type === 'MapProperty') {
        r.skip(4);
        count = r.u32();
      } else if (t.type === 'ArrayProperty') count = r.u32();
      rows.push([
        n,
        `${t.type}${t.innerType ? `<${t.innerType}${t.valueType ? `,${t.valueType}` : ''}>` : t.structName ? `<${t.structName}>` : ''}`,
        t.size,
        count,
      ]);
      r.pos = vEnd;
    }
  }
  r.pos = end;
}
const total = gvas.length;
console.log(`GVAS ${total} bytes (${file.length} compressed)`);
console.log(`file order: ${rows.map((x) => x[0]).join(', ')}`);
for (const [n, type, size, count] of [...rows].sort((a, b) => b[2] - a[2])) {
  console.log(
    `${n.padEnd(40)} ${type.padEnd(48)} ${String(size).padStart(10)} ${((size / total) * 100).toFixed(2).padStart(6)}%  ${count ?? ''}`,
  );
}

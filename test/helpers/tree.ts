// Every file below a folder, as relative path → base64 of its bytes: what "byte-identical
// folders" compares.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function fileTree(dir: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) for (const [k, v] of fileTree(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(join(dir, rel)).toString('base64'));
  }
  return out;
}

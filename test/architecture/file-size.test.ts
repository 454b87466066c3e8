// No file in src/ over 400 lines (issue 36): a file that long holds more than one thing, and a
// newcomer cannot read it in one sitting. The few exceptions are listed with the reason each is
// one thing; the web UI's files and functions have their own bounds (web-size.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const MAX_LINES = 400;

/** Files allowed past the bound, each with why it is one thing that does not split. */
const EXCEPTIONS: Record<string, string> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const lineCount = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;

/** The files of `dir` over `max` lines that are not excepted, with their counts. */
export function overLong(files: string[], count: (f: string) => number, max: number, except: Record<string, string>): string[] {
  return files.filter((f) => !(f in except) && count(f) > max).map((f) => `${f}: ${count(f)} lines`);
}

describe('file length in src/', () => {
  const files = sourceFiles('src');

  it(`keeps every file at ${MAX_LINES} lines or fewer, but the listed exceptions`, () => {
    expect(overLong(files, lineCount, MAX_LINES, EXCEPTIONS)).toEqual([]);
  });

  it('lists only exceptions that exist and are still over the bound', () => {
    const stale = Object.keys(EXCEPTIONS).filter((f) => !files.includes(f) || lineCount(f) <= MAX_LINES);
    expect(stale).toEqual([]);
  });

  it('finds a planted long file (the check itself can fail)', () => {
    const planted = [...files, 'src/planted.ts'];
    const count = (f: string) => (f === 'src/planted.ts' ? MAX_LINES + 1 : lineCount(f));
    expect(overLong(planted, count, MAX_LINES, EXCEPTIONS)).toContain(`src/planted.ts: ${MAX_LINES + 1} lines`);
  });
});

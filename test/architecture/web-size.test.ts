// The web UI in parts a reader can hold: no file in web/src over 400 lines and no function over
// 120 (a React component is a function, so a screen that grows past it is split into parts).
// Functions are found with the TypeScript compiler's own parser, so arrow functions, methods and
// nested components count alike; a function's lines run from its first to its last line. And
// the web UI reaches into src/ only for the wire contract and leaf helpers, types or values.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Each function of `text` longer than `max` lines, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push(`${file}:${first + 1} ${nameOf(node)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A function's name, or the name of what it is assigned to (`const MapView = () => …`). */
function nameOf(node: ts.Node): string {
  const own = (node as { name?: ts.Node }).name;
  if (own && ts.isIdentifier(own)) return own.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

describe('the web UI in parts', () => {
  const files = sourceFiles('web/src').map((f) => ({ file: f, text: readFileSync(join(ROOT, f), 'utf8') }));

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    const long = files.filter((f) => lineCount(f.text) > MAX_FILE_LINES).map((f) => `${f.file} (${lineCount(f.text)} lines)`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap((f) => longFunctions(f.file, f.text, MAX_FUNCTION_LINES))).toEqual([]);
  });

  it('finds a planted long function (the check itself can fail)', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES - 2 }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const planted = `export const Planted = () => {\n${body}\n};\n`;
    expect(longFunctions('planted.tsx', planted, MAX_FUNCTION_LINES)).toEqual([]);
    const one = `export function Planted() {\n${body}\n  return null;\n}\n`;
    expect(longFunctions('planted.tsx', one, MAX_FUNCTION_LINES)).toEqual(['planted.tsx:1 Planted (121 lines)']);
  });
});

describe('what the web UI takes from src/', () => {
  it('imports only src/contract/ and src/lib/ (never http/, the domain or a store)', () => {
    const outside = sourceFiles('web/src').flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+'((?:\.\.\/)+src\/[^']+)'/gm)]
        .filter((m) => !/\/src\/(contract|lib)\//.test(m[1]))
        .map((m) => `${f}: ${m[1]}`),
    );
    expect(outside).toEqual([]);
  });
});

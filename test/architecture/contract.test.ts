// The wire contract's room (src/contract/), checked on the source: it stands on zod and lib/
// alone; no file elsewhere restates one of its shapes under the same name (a type is taken from
// the contract, or derived from it, never declared a second time by hand); the web UI reaches
// the server's code only through the contract, never through http/; and the terminal dashboard,
// an HTTP client like the web UI, takes only the contract and lib/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);

/** Every module a file names: static imports, re-exports and dynamic `import()`. */
function specifiers(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier))
      out.push(n.moduleSpecifier.text);
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(n.arguments[0]))
      out.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** A relative specifier as the repo-relative path it names (extension dropped). */
const target = (from: string, spec: string) => normalize(join(dirname(from), spec)).replace(/\.(js|ts|tsx)$/, '');

/** Names the contract declares: its exported types and interfaces, and X for each XSchema. */
function contractNames(): Set<string> {
  const names = new Set<string>();
  for (const f of sourceFiles('src/contract')) {
    for (const st of parse(f).statements) {
      const exported = ts.getModifiers(st as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)) names.add(st.name.text);
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name) && /Schema$/.test(d.name.text) && d.name.text !== 'Schema')
            names.add(d.name.text.slice(0, -'Schema'.length));
    }
  }
  return names;
}

/** Where a type may be derived from: the contract, and the web UI's barrel of its types. */
const fromContract = (file: string, spec: string) => {
  if (!spec.startsWith('.')) return false;
  const t = target(file, spec);
  return t.startsWith('src/contract/') || t === 'web/src/types';
};

/** Declarations outside the contract named like a contract shape that do not derive from it:
 * an interface, or a type alias whose right side names nothing taken from the contract (an
 * alias of a contract type, `z.output<typeof XSchema>` or an indexed part of one is a
 * derivation, not a restatement). */
function restatements(files: string[], names: Set<string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const sf = parse(file);
    const taken = new Set<string>();
    for (const st of sf.statements)
      if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier) && fromContract(file, st.moduleSpecifier.text)) {
        const nb = st.importClause?.namedBindings;
        if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) taken.add(el.name.text);
        if (nb && ts.isNamespaceImport(nb)) taken.add(nb.name.text);
      }
    const aliases = new Map<string, ts.TypeAliasDeclaration>();
    const interfaces: ts.InterfaceDeclaration[] = [];
    const visit = (n: ts.Node) => {
      if (ts.isTypeAliasDeclaration(n)) aliases.set(n.name.text, n);
      if (ts.isInterfaceDeclaration(n)) interfaces.push(n);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    const mentions = (n: ts.Node): Set<string> => {
      const ids = new Set<string>();
      const walk = (m: ts.Node) => {
        if (ts.isIdentifier(m)) ids.add(m.text);
        ts.forEachChild(m, walk);
      };
      walk(n);
      return ids;
    };
    // Derived: mentions a name taken from the contract, or a derived alias of the same file.
    const derived = new Set<string>();
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, a] of aliases)
        if (!derived.has(name) && [...mentions(a.type)].some((id) => taken.has(id) || derived.has(id))) {
          derived.add(name);
          grew = true;
        }
    }
    for (const i of interfaces) if (names.has(i.name.text)) found.push(`${file}: interface ${i.name.text}`);
    for (const [name] of aliases) if (names.has(name) && !derived.has(name)) found.push(`${file}: type ${name}`);
  }
  return found;
}

/** Same names, different shapes: each says why it is not the contract's. */
const OTHER_SHAPES: Record<string, string> = {
  'src/domain/world.ts: interface WorldSnapshot':
    "the parsed save (players, pals, guilds, meta); the contract's is the live snapshot the panel answers",
  'src/save/palworld/world-option.ts: interface WorldOption':
    "what WorldOption.sav holds (keys, drift); the contract's is the panel's report of it (present, settings, words)",
  'src/demo/sim/sim-actors.ts: type Actor': "a simulated game-data actor record; the contract's Actor is who made a change",
};

describe('the wire contract', () => {
  it('imports only zod and lib/', () => {
    const wrong = sourceFiles('src/contract').flatMap((f) =>
      specifiers(parse(f))
        .filter((s) => (s.startsWith('.') ? !/^src\/(contract|lib)\//.test(target(f, s)) : s !== 'zod' && !s.startsWith('zod/')))
        .map((s) => `${f} → ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it('no shape of it is restated by name outside it', () => {
    const names = contractNames();
    expect(names.has('Whitelist')).toBe(true); // from WhitelistSchema: the collection works
    const files = [...sourceFiles('src'), ...sourceFiles('web/src')].filter((f) => !f.startsWith('src/contract/'));
    const found = restatements(files, names).filter((r) => !(r in OTHER_SHAPES));
    expect(found).toEqual([]);
  });

  it('the reasons given for same-named shapes still apply', () => {
    const files = [...sourceFiles('src'), ...sourceFiles('web/src')].filter((f) => !f.startsWith('src/contract/'));
    const found = new Set(restatements(files, contractNames()));
    expect(Object.keys(OTHER_SHAPES).filter((k) => !found.has(k))).toEqual([]);
  });

  it('the web UI imports nothing of http/', () => {
    const wrong = sourceFiles('web/src').flatMap((f) =>
      specifiers(parse(f))
        .filter((s) => s.startsWith('.') && target(f, s).startsWith('src/http/'))
        .map((s) => `${f} → ${s}`),
    );
    expect(wrong).toEqual([]);
  });

  it('the terminal dashboard takes from the rest of src/ only the contract and lib/', () => {
    const wrong = sourceFiles('src/tui').flatMap((f) =>
      specifiers(parse(f))
        .filter((s) => s.startsWith('.') && !/^src\/(tui|contract|lib)\//.test(target(f, s)))
        .map((s) => `${f} → ${s}`),
    );
    expect(wrong).toEqual([]);
  });
});

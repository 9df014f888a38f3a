/**
 * Every server action under src/app/admin is built with staffAction (or, for the sign-in screens,
 * originAction) from src/server/auth/staff-action.ts, decision 042: the origin and permission check
 * then no longer rests on habit. Read statically with the TypeScript compiler: each export of a
 * 'use server' module must be `export const name = staffAction(…)` with the wrapper imported from
 * that module; an exported function, an alias, a re-export, a default export or an inline
 * 'use server' function is flagged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WRAPPER_MODULES = new Set(['@/server/auth/staff-action']);
const WRAPPERS = new Set(['staffAction', 'originAction']);

type Scan = { actions: string[]; unwrapped: string[] };

const isDirective = (s: ts.Statement) => ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression) && s.expression.text === 'use server';
const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function scanServerActions(fileName: string, source: string): Scan {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const scan: Scan = { actions: [], unwrapped: [] };

  // A 'use server' inside a function body is an action nobody can wrap: refused wherever it is.
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) && node.statements.some(isDirective)) scan.unwrapped.push(`inline action at line ${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (!file.statements.some(isDirective)) return scan;

  const wrappers = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !WRAPPER_MODULES.has(statement.moduleSpecifier.text)) continue;
    const named = statement.importClause?.namedBindings;
    if (named && ts.isNamedImports(named)) for (const element of named.elements) if (WRAPPERS.has((element.propertyName ?? element.name).text) && !element.isTypeOnly) wrappers.add(element.name.text);
  }

  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    if (ts.isVariableStatement(statement) && exported(statement)) {
      const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(file);
        const init = declaration.initializer;
        const wrapped = constant && init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && wrappers.has(init.expression.text);
        (wrapped ? scan.actions : scan.unwrapped).push(name);
      }
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) for (const element of clause.elements) if (!element.isTypeOnly) scan.unwrapped.push(element.name.text);
      if (!clause) scan.unwrapped.push('export *');
    } else if (ts.isExportAssignment(statement)) {
      scan.unwrapped.push('default');
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && exported(statement)) {
      const isDefault = (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
      scan.unwrapped.push(isDefault ? 'default' : (statement.name?.text ?? 'default'));
    }
  }
  return scan;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The approval door (src/server/approval/door.ts, decision 037): the services that write what the
 * public reads are the ones its command table runs. Read from src/server/approval/commands.ts: each
 * value it imports from a service module whose name says it writes (create, update, save, upload,
 * commit…) is the door's alone; a module under src/app that imports one of them, or a whole
 * service module as a namespace, writes past the door.
 */
const WRITE = /^(create|update|delete|archive|save|set|upload|commit|correct|restore|unpublish|publish|store)/;

function doorWrites(source: string): Map<string, Set<string>> {
  const file = ts.createSourceFile('commands.ts', source, ts.ScriptTarget.Latest, true);
  const writes = new Map<string, Set<string>>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const from = statement.moduleSpecifier.text;
    if (!from.startsWith('@/server/') || from.startsWith('@/server/approval') || from.startsWith('@/server/db')) continue;
    const named = statement.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) {
      const name = (element.propertyName ?? element.name).text;
      if (!element.isTypeOnly && WRITE.test(name)) writes.set(from, (writes.get(from) ?? new Set()).add(name));
    }
  }
  return writes;
}

/** The door's writes a module imports: by name (aliases included) or through a namespace import of their module. */
function bypasses(fileName: string, source: string, writes: Map<string, Set<string>>): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.importClause?.isTypeOnly) continue;
    const names = writes.get(statement.moduleSpecifier.text);
    if (!names) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) found.push(`* from ${statement.moduleSpecifier.text}`);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) if (!element.isTypeOnly && names.has((element.propertyName ?? element.name).text)) found.push((element.propertyName ?? element.name).text);
  }
  return found;
}

const root = process.cwd();
const scanFile = (path: string) => scanServerActions(path, readFileSync(path, 'utf8'));

describe('server actions under src/app/admin', () => {
  const files = sourceFiles(join(root, 'src/app/admin')).map((path) => ({ path: relative(root, path), scan: scanFile(path) }));

  it('are all built with staffAction (or originAction for the sign-in screens)', () => {
    const unwrapped = files.filter((f) => f.scan.unwrapped.length > 0).map((f) => `${f.path}: ${f.scan.unwrapped.join(', ')}`);
    expect(unwrapped).toEqual([]);
    const actions = files.flatMap((f) => f.scan.actions);
    // The scan does find the actions (a scan that finds nothing would pass anything).
    expect(actions).toEqual(
      expect.arrayContaining(['handleSubmission', 'retryMail', 'lookUpAddress', 'decideChangeAction', 'saveRegistrationGridAction', 'savePageAction', 'createFundAction', 'importAction', 'updateNewsAction', 'inviteAccount', 'signIn']),
    );
    expect(actions.length).toBeGreaterThanOrEqual(45);
  });
});

describe('the approval door', () => {
  const writes = doorWrites(readFileSync(join(root, 'src/server/approval/commands.ts'), 'utf8'));

  it('reads the writes the door owns from its command table', () => {
    expect(writes.get('@/server/news/commands')).toEqual(new Set(['createNews', 'deleteNews', 'unpublishNews', 'updateNews']));
    expect(writes.get('@/server/navs/import')).toEqual(new Set(['commitNavImport', 'correctNav']));
    expect([...writes.values()].reduce((n, set) => n + set.size, 0)).toBeGreaterThanOrEqual(25);
  });

  it('is the only way src/app writes what the public reads: no module under src/app imports a write of the door', () => {
    const offenders = sourceFiles(join(root, 'src/app'))
      .map((path) => ({ path: relative(root, path), found: bypasses(path, readFileSync(path, 'utf8'), writes) }))
      .filter((f) => f.found.length > 0)
      .map((f) => `${f.path}: ${f.found.join(', ')}`);
    expect(offenders).toEqual([]);
  });

  it('flags an action that writes past the door, by name, alias or namespace, and not its reads or types', () => {
    const path = join(root, 'tests/fixtures/server-actions/bypass.ts');
    expect(bypasses(path, readFileSync(path, 'utf8'), writes)).toEqual(['unpublishNews', 'uploadDocument', '* from @/server/navs/import']);
  });

  it('no module under src/app decides the policy itself', () => {
    const deciding = sourceFiles(join(root, 'src/app')).filter((path) => readFileSync(path, 'utf8').includes('requiresApproval('));
    expect(deciding.map((path) => relative(root, path))).toEqual([]);
  });
});

describe('the scan itself', () => {
  const fixture = (name: string) => scanFile(join(root, 'tests/fixtures/server-actions', name));

  it('flags an action that checks the permission by habit instead of through staffAction', () => {
    expect(fixture('unwrapped.ts')).toEqual({ actions: [], unwrapped: ['purgeEverything'] });
  });

  it('flags arrows, impostors of the same name, aliases and default exports, and accepts the wrapped one and types', () => {
    expect(fixture('mixed.ts')).toEqual({ actions: ['wrapped'], unwrapped: ['arrow', 'impostor', 'renamed', 'default'] });
  });

  it('flags a server action declared inside a component', () => {
    expect(fixture('inline.tsx').unwrapped).toEqual(['inline action at line 3']);
  });

  it('accepts a module of wrapped actions only', () => {
    const source = `'use server';\nimport { staffAction } from '@/server/auth/staff-action';\nexport type T = 1;\nexport const a = staffAction('content.write', schema, handler);\n`;
    expect(scanServerActions('ok.ts', source)).toEqual({ actions: ['a'], unwrapped: [] });
  });

  it('flags a `let` that could be reassigned after the wrapper ran', () => {
    const source = `'use server';\nimport { staffAction } from '@/server/auth/staff-action';\nexport let a = staffAction('content.write', schema, handler);\n`;
    expect(scanServerActions('let.ts', source).unwrapped).toEqual(['a']);
  });
});

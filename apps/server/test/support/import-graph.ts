import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * How a module reaches another: a static import or re-export of values, one of types only
 * (`import type`, `export type … from`, `import('x').T` in a type), or a dynamic `import()`.
 */
export type EdgeKind = 'value' | 'type' | 'dynamic';

export interface ImportEdge {
  to: string;
  kind: EdgeKind;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];

/** Every source file under `dir` (tests left out: they import the code, the code never them). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The file a relative specifier names, as the bundler resolves it; undefined for packages and missing files. */
export function resolveRelative(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  // Sources import each other as './x.js' too, meaning './x.ts'.
  const bases = /\.(m?js)$/.test(base) ? [base, base.replace(/\.(m?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx')] : [base];
  for (const b of bases) {
    for (const suffix of RESOLVE_SUFFIXES) {
      const candidate = b + suffix;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}

/** The module specifiers one file names, each with how it names it. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): { specifier: string; kind: EdgeKind }[] {
  const kindOfScript = file.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kindOfScript);
  const found: { specifier: string; kind: EdgeKind }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      // `import { type A, type B } from` brings only types, like `import type`.
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (!clause.name && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, kind: onlyTypes ? 'type' : 'value' });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const onlyTypes = node.isTypeOnly || (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, kind: onlyTypes ? 'type' : 'value' });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      found.push({ specifier: node.moduleReference.expression.text, kind: node.isTypeOnly ? 'type' : 'value' });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The import graph of the files under the given folders, edges to files inside them only. */
export function importGraph(dirs: string[]): Map<string, ImportEdge[]> {
  const files = dirs.flatMap(sourceFiles);
  const inside = new Set(files);
  const graph = new Map<string, ImportEdge[]>();
  for (const file of files) {
    const edges: ImportEdge[] = [];
    for (const { specifier, kind } of importsOf(file)) {
      const to = resolveRelative(file, specifier);
      if (to && inside.has(to)) edges.push({ to, kind });
    }
    graph.set(file, edges);
  }
  return graph;
}

/**
 * The import circles of a graph over the edges of the kinds given: every strongly connected
 * group of more than one module (Tarjan), and a module importing itself. Each circle is listed
 * as its modules in a cycle order starting from the first in name order, so that it reads as a
 * path A → B → … → A.
 */
export function importCircles(graph: Map<string, ImportEdge[]>, kinds: readonly EdgeKind[]): string[][] {
  const next = (file: string) => (graph.get(file) ?? []).filter((e) => kinds.includes(e.kind)).map((e) => e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  // Iterative: a deep chain of imports must not overflow the test's stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; children: string[]; at: number }[] = [];
    const enter = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      work.push({ file, children: next(file), at: 0 });
    };
    enter(root);
    while (work.length) {
      const frame = work.at(-1)!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at++]!;
        if (!index.has(child)) enter(child);
        else if (onStack.has(child)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        if (group.length > 1 || next(frame.file).includes(frame.file)) groups.push(group);
      }
    }
  }
  return groups.map((group) => circleThrough(group, next));
}

/** One cycle through a strongly connected group, from its first module back to it (breadth-first). */
function circleThrough(group: string[], next: (file: string) => string[]): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0]!;
  const came = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const to of next(file)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const cycle = [file];
        while (cycle[0] !== start) cycle.unshift(came.get(cycle[0]!)!);
        return cycle;
      }
      if (!came.has(to)) {
        came.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start];
}

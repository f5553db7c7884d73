import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../support/import-graph';

// Issue 17 took out the import circles (jobs/handlers ↔ area jobs, blast/method ↔ tasks,
// db/index ↔ pglite/postgres, resource digest/hierarchy/http/service, the web method registry ↔
// method views); nothing kept them out afterwards. A circle makes a module's exports undefined
// while the circle loads, depending on which end is imported first, and ties areas together that
// should only meet at a registry. Type-only imports count too: the remedy is a types module, and
// dynamic imports count as well (a lazy load of a module that imports its importer is still a circle).
const ALL = ['value', 'type', 'dynamic'] as const;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mdc-circles-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const relative = (circles: string[][]) => circles.map((circle) => [...circle, circle[0]].map((file) => path.relative(repoRoot, file!)).join(' → '));

describe('import circles', () => {
  // The packages too: core had one (ast/isolate ↔ ast/knowledge-base, types only) until the
  // knowledge the isolate interpretation reads got a types module (ast/knowledge).
  it.each([
    ['apps/server/src', 100],
    ['apps/web/src', 100],
    ['packages/core/src', 60],
    ['packages/refdata/src', 40],
    ['packages/contracts/src', 8],
  ] as const)('%s has none', (dir, modules) => {
    const graph = importGraph([path.join(repoRoot, dir)]);
    // A resolver that found nothing would find no circle either.
    const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
    expect(graph.size).toBeGreaterThan(modules);
    expect(edges).toBeGreaterThan(graph.size);
    expect(relative(importCircles(graph, ALL))).toEqual([]);
  });

  it('finds a circle of values, of types only, through a dynamic import, and through an index file', () => {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tmp, file)), { recursive: true });
      writeFileSync(path.join(tmp, file), text);
    };
    write('a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('b.ts', "import { c } from './c.js';\nexport const b = 1;\nexport const useC = c;\n");
    write('c.ts', "export { a } from './a';\nexport const c = 2;\n");
    write('types/one.ts', "import type { Two } from './two';\nexport interface One { two: Two }\n");
    write('types/two.ts', "import { type One } from './one';\nexport interface Two { one: One }\n");
    write('lazy/x.ts', "import { y } from './y';\nexport const x = async () => (await import('./y')).y + y;\n");
    write('lazy/y.ts', "export const y = 1;\nexport const back = () => import('./x');\n");
    write('dir/index.ts', "export { leaf } from './leaf';\n");
    write('dir/leaf.ts', "import '..';\nexport const leaf = 1;\n");
    write('index.ts', "export * from './dir';\n");
    write('alone.ts', "import { c } from './c';\nimport pkg from 'node:path';\nexport const alone = [c, pkg];\n");
    write('self.ts', "import './self';\n");
    const graph = importGraph([tmp]);
    const circles = relative(importCircles(graph, ALL)).map((c) => c.replaceAll(path.relative(repoRoot, tmp) + path.sep, '')).sort();
    expect(circles).toEqual(['a.ts → b.ts → c.ts → a.ts', 'dir/index.ts → dir/leaf.ts → index.ts → dir/index.ts', 'lazy/x.ts → lazy/y.ts → lazy/x.ts', 'self.ts → self.ts', 'types/one.ts → types/two.ts → types/one.ts']);
    // Counted by kind: without types and dynamic imports, only the value circles are left.
    expect(importCircles(graph, ['value']).length).toBe(3);
  });
});

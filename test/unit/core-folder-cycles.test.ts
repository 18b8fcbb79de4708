import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The domain folders of `functions/core` import each other in one direction only: a cycle between two
 * domains (scripts ↔ video, say) means one of them holds what belongs to the other. Files are read as
 * text; every relative import (`import type` included, and `export … from`) counts. `ports` is left out:
 * it is the boundary every domain depends on, and its interfaces name the domains' entity types.
 */
const core = resolve(__dirname, '../../functions/core');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `core/<folder>/…` → `<folder>`; a file directly under core is its own node (`errors.ts`). */
function folderOf(path: string): string | undefined {
  const rel = relative(core, path);
  if (rel.startsWith('..')) return undefined;
  return rel.split('/')[0];
}

/** The edges folder → folder, each with one file that makes it (for the message). */
export function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(core)) {
    const from = folderOf(file);
    if (!from || from === 'ports') continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const to = folderOf(resolve(dirname(file), match[1] ?? ''));
      if (!to || to === from || to === 'ports') continue;
      const targets = edges.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, relative(core, file));
      edges.set(from, targets);
    }
  }
  return edges;
}

/** Every cycle's folders (Tarjan's strongly connected components of more than one folder). */
export function folderCycles(edges: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('functions/core folders', () => {
  it('import each other without a cycle', () => {
    const edges = folderImports();
    const cycles = folderCycles(edges).map((members) =>
      members.flatMap((from) => members.filter((to) => edges.get(from)?.has(to)).map((to) => `${from} → ${to} (${edges.get(from)?.get(to)})`)),
    );
    expect(cycles).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const edges = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['c', 'b/y.ts']])],
      ['c', new Map([['a', 'c/z.ts']])],
      ['d', new Map([['a', 'd/w.ts']])],
    ]);
    expect(folderCycles(edges)).toEqual([['a', 'b', 'c']]);
  });
});

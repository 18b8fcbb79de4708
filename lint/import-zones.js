import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `import-zones/restricted`: who may import what, by where the import lands (bulletproof-react's
 * `import/no-restricted-paths`, without a resolver to install). Each zone names, as regular expressions
 * over paths relative to the repository, the files it governs (`target`, whose named groups `except`
 * may use as `$<name>`), the places they may not import from (`from`) and the exceptions (`except`).
 * `allowTypeImports` lets `import type` / `export type` through: they leave no code behind.
 *
 * An import lands where its specifier resolves: relative paths from the file, `@/…` in the front end's
 * src, `@contract/…` in functions/contract; a package lands in `node_modules/<name>`.
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function relative(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

function landing(specifier, file) {
  if (specifier.startsWith('.')) return relative(path.resolve(path.dirname(file), specifier));
  if (specifier.startsWith('@contract/')) return `functions/contract/${specifier.slice('@contract/'.length)}`;
  if (specifier.startsWith('@/') && relative(file).startsWith('frontend/')) return `frontend/src/${specifier.slice(2)}`;
  return `node_modules/${specifier}`;
}

const restricted = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross an import zone' },
    schema: false,
  },
  create(context) {
    const zones = context.options[0]?.zones ?? [];
    const file = context.filename;
    const here = relative(file);
    const active = zones.map((zone) => ({ zone, match: new RegExp(zone.target).exec(here) })).filter(({ match }) => match !== null);
    if (active.length === 0) return {};

    function check(node, source, typeOnly) {
      if (!source || typeof source.value !== 'string') return;
      const lands = landing(source.value, file);
      for (const { zone, match } of active) {
        if (!new RegExp(zone.from).test(lands)) continue;
        if (zone.except) {
          const except = zone.except.replace(/\$<(\w+)>/g, (_, name) => (match.groups?.[name] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          if (new RegExp(except).test(lands)) continue;
        }
        if (zone.allowTypeImports && typeOnly) continue;
        context.report({ node: source, message: `'${source.value}': ${zone.message}` });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined, false),
    };
  },
};

export default { rules: { restricted } };

// @ts-check
// No value-import cycle between src/web's top-level folders (issue 52): ui, lib, i18n, app, each
// feature (src/web/leagues/<sub>/… is part of leagues) and each root file is a unit, and the
// units' graph of value imports — static, re-exports and lazy `import()` — has no cycle. Type-only
// imports (`import type`, `export type … from`) vanish at run time and may point anywhere; under
// verbatimModuleSyntax `import { type A }` still loads its module, so it counts. Tests
// (`*.test.ts(x)`) are not production code and are left out.
//
// ESLint sees one file at a time: the rest of the graph is read from disk once per run (with the
// TypeScript parser), the linted file's own imports from its AST, and every import of the linted
// file that closes a cycle is reported with the way back.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const webRoot = resolve(import.meta.dirname, '../../src/web');
const isCode = (path) => /\.tsx?$/.test(path) && !/\.d\.ts$/.test(path);
const isTest = (path) => /\.test\.tsx?$/.test(path);

/** The unit of a path inside src/web (its top-level folder, or the root file), else null. */
const unitOf = (path) => {
  const inside = relative(webRoot, path);
  if (inside === '' || inside.startsWith('..')) return null;
  const parts = inside.split(sep);
  return parts.length === 1 ? parts[0].replace(/\.tsx?$/, '') : parts[0];
};

/** The units a file's value imports reach (a specifier starting with '.'), each with its line. */
const valueImportsOnDisk = (file) => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  /** @type {string[]} */
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
        specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
};

/** The unit a relative specifier of `file` points at, when it is another unit of src/web. */
const targetUnit = (file, specifier) => {
  if (!specifier.startsWith('.')) return null;
  const to = unitOf(resolve(dirname(file), specifier));
  return to !== null && to !== unitOf(file) ? to : null;
};

/** @type {Map<string, Set<string>>} file → the other units it imports, as on disk */
const fileEdges = new Map();
let read = false;

const readDisk = () => {
  read = true;
  const files = readdirSync(webRoot, { recursive: true, encoding: 'utf8' })
    .map((path) => join(webRoot, path))
    .filter((path) => isCode(path) && !isTest(path) && !path.includes(`${sep}node_modules${sep}`));
  for (const file of files) {
    const units = new Set();
    for (const specifier of valueImportsOnDisk(file)) {
      const to = targetUnit(file, specifier);
      if (to) units.add(to);
    }
    fileEdges.set(file, units);
  }
};

/** The units' graph with `file`'s imports as its AST has them now. */
const graphWith = (file, units) => {
  if (!read) readDisk();
  /** @type {Map<string, Map<string, string>>} unit → (unit it imports → one file doing so) */
  const graph = new Map();
  const add = (from, to, via) => {
    if (!graph.has(from)) graph.set(from, new Map());
    const edges = /** @type {Map<string, string>} */ (graph.get(from));
    if (!edges.has(to)) edges.set(to, via);
  };
  for (const [other, reached] of fileEdges)
    if (other !== file)
      for (const to of reached) add(/** @type {string} */ (unitOf(other)), to, other);
  for (const to of units) add(/** @type {string} */ (unitOf(file)), to, file);
  return graph;
};

/** A way from `start` to `goal` in the graph (breadth first), as its steps, or null. */
const wayBack = (graph, start, goal) => {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = /** @type {string} */ (queue.shift());
    if (unit === goal) {
      const steps = [];
      for (let at = goal; previous.get(at) !== null; at = previous.get(at).from)
        steps.unshift(previous.get(at));
      return steps;
    }
    for (const [to, via] of graph.get(unit) ?? [])
      if (!previous.has(to)) {
        previous.set(to, { from: unit, to, via });
        queue.push(to);
      }
  }
  return null;
};

/** @type {import('eslint').Rule.RuleModule} */
const noCycles = {
  meta: {
    type: 'problem',
    docs: { description: "No value-import cycle between src/web's top-level folders." },
    messages: {
      cycle:
        "{{from}} → {{to}} closes a value-import cycle between src/web's folders: {{way}}. Make the folders' imports go one way (move the piece, or import only types with `import type`).",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const here = unitOf(file);
    if (here === null || isTest(file)) return {};
    /** @type {{ node: import('estree').Node, to: string }[]} */
    const imports = [];
    const note = (node, source) => {
      if (typeof source !== 'string') return;
      const to = targetUnit(file, source);
      if (to) imports.push({ node, to });
    };
    return {
      ImportDeclaration: (node) =>
        /** @type {any} */ (node).importKind !== 'type' && note(node, node.source.value),
      ExportNamedDeclaration: (node) =>
        node.source &&
        /** @type {any} */ (node).exportKind !== 'type' &&
        note(node, node.source.value),
      ExportAllDeclaration: (node) =>
        /** @type {any} */ (node).exportKind !== 'type' && note(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && note(node, node.source.value),
      'Program:exit': () => {
        if (imports.length === 0) return;
        const graph = graphWith(file, new Set(imports.map((i) => i.to)));
        for (const { node, to } of imports) {
          const steps = wayBack(graph, to, here);
          if (!steps) continue;
          const way = [
            `${here} → ${to} (${relative(webRoot, file)})`,
            ...steps.map((s) => `${s.from} → ${s.to} (${relative(webRoot, s.via)})`),
          ].join(', ');
          context.report({ node, messageId: 'cycle', data: { from: here, to, way } });
        }
      },
    };
  },
};

export default { rules: { 'no-cycles': noCycles } };

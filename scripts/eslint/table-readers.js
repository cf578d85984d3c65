// @ts-check
// One reader per table (issue 52): every query of the `fixtures` table lives in the fixtures
// unit (src/server/fixtures) and every query of `predictions` in the predictions data unit
// (src/server/predictions-store); other units call their functions. Both units sit below their
// readers in the layers rule (server-layers.js). A statement naming both tables belongs to the
// predictions unit (a prediction is of a fixture; the fixtures unit knows nothing of picks).
//
// Reported, in production files of src/server outside the owner and the exceptions below: a
// Kysely call naming the table (`selectFrom('fixtures')`, `innerJoin('predictions as p', …)`,
// `insertInto`, `updateTable`, `deleteFrom`, the other joins, `sql.table`/`sql.id`) and SQL text
// naming it (a `sql` template, `sql.raw`, or a string or template that starts like a statement:
// `from fixtures`, `join predictions p`, `update predictions set`, `predictions.outcome`).
import { relative, resolve, sep } from 'node:path';

/** Table → the unit (top-level folder of src/server) that owns its queries. */
export const tableOwners = { fixtures: 'fixtures', predictions: 'predictions-store' };

/** Unit → tables it may name too, in a statement that also names one of its own tables. */
const joinedBy = { 'predictions-store': ['fixtures'] };

/**
 * The only places outside the owners that name these tables (paths inside src/server; tests and
 * migrations are not queries of the app and are never checked).
 */
export const exceptions = [
  {
    // The standings' set-based scoring (docs/decisions/012, 023): the statements that score a
    // fixture's predictions and move the totals they count in, batch by batch of leagues, as
    // one SQL statement over teams × predictions × fixtures each.
    files: ['standings/tally-sql.ts', 'standings/tally-batches.ts', 'standings/tally-moves.ts'],
    tables: ['fixtures', 'predictions'],
  },
  {
    // The prediction save's per-dialect statements (docs/decisions/010, 022, 024): prepared
    // statement texts composed with the teams' lock, the leagues' rules and the totals' move of
    // the standings in one statement per group, so they live beside the save's executors.
    files: ['predictions/sqlite-repository.ts', 'predictions/postgres-repository.ts'],
    tables: ['fixtures', 'predictions'],
  },
];

const serverRoot = resolve(import.meta.dirname, '../../src/server');
const tables = Object.keys(tableOwners);
const namePattern = new RegExp(`^\\s*(${tables.join('|')})(\\s+as\\s+\\w+)?\\s*$`);
/** A table named where SQL names tables, or a column qualified by the table's name. */
const sqlPattern = new RegExp(
  `\\b(?:from|join|update|into|table)\\s+(${tables.join('|')})\\b|\\b(${tables.join('|')})\\.\\w`,
  'gi',
);
/** Untagged strings are SQL only when they read like a statement (prose stays prose). */
const statementStart = /^\s*(select|insert|update|delete|with|from|join)\b/i;
const kyselyCalls = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'using',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
]);
const sqlHelpers = new Set(['table', 'id', 'raw']);

/** The tables a piece of SQL text names. */
const tablesInSql = (text) =>
  [...text.matchAll(sqlPattern)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase());

/** The tables a string literal given to a Kysely call names ('fixtures', 'predictions as p'). */
const tableOfName = (node) =>
  node && node.type === 'Literal' && typeof node.value === 'string'
    ? (namePattern.exec(node.value)?.[1] ?? null)
    : null;

const calleeName = (callee) =>
  callee.type === 'Identifier'
    ? callee.name
    : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
      ? callee.property.name
      : null;

const isSqlTag = (tag) =>
  (tag.type === 'Identifier' && tag.name === 'sql') ||
  (tag.type === 'MemberExpression' &&
    tag.object.type === 'Identifier' &&
    tag.object.name === 'sql' &&
    tag.property.type === 'Identifier' &&
    sqlHelpers.has(tag.property.name));

const templateText = (node) => node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? ');

/** @type {import('eslint').Rule.RuleModule} */
const oneReader = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the owning data unit queries the fixtures and predictions tables.' },
    messages: {
      foreign:
        'Only src/server/{{owner}} queries `{{table}}` (one reader per table, issue 52): call a function of that unit, or name the exception in scripts/eslint/table-readers.js.',
    },
    schema: [],
  },
  create(context) {
    const inside = relative(serverRoot, context.filename).split(sep).join('/');
    if (inside.startsWith('..') || /\.test\.tsx?$/.test(inside)) return {};
    if (inside.startsWith('db/migrations/')) return {};
    const unit = inside.split('/')[0];
    const excepted = new Set(
      exceptions.filter((e) => e.files.includes(inside)).flatMap((e) => e.tables),
    );
    const own = tables.filter((t) => tableOwners[t] === unit);
    const source = context.sourceCode;

    /** The statement a node is part of (a declaration, an expression statement, a return). */
    const statementOf = (node) => {
      for (let n = node; n; n = n.parent)
        if (
          n.type === 'VariableDeclarator' ||
          n.type === 'ExpressionStatement' ||
          n.type === 'ReturnStatement'
        )
          return n;
      return node;
    };
    /** Whether the statement around `node` names one of this unit's own tables. */
    const namesOwnTable = (node) => {
      const text = source.getText(statementOf(node));
      return own.some(
        (t) =>
          new RegExp(`(['"\`])\\s*${t}(\\s+as\\s+\\w+)?\\s*\\1`).test(text) ||
          tablesInSql(text).includes(t),
      );
    };

    const check = (node, table) => {
      if (!table || tableOwners[table] === unit || excepted.has(table)) return;
      if ((joinedBy[unit] ?? []).includes(table) && namesOwnTable(node)) return;
      context.report({ node, messageId: 'foreign', data: { table, owner: tableOwners[table] } });
    };
    const checkSql = (node, text) => {
      for (const table of new Set(tablesInSql(text))) check(node, table);
    };

    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (!name) return;
        const onSql =
          node.callee.type === 'MemberExpression' &&
          node.callee.object.type === 'Identifier' &&
          node.callee.object.name === 'sql';
        if (onSql && sqlHelpers.has(name)) {
          const arg = node.arguments[0];
          if (arg?.type === 'Literal' && typeof arg.value === 'string') {
            if (name === 'raw') checkSql(arg, arg.value);
            else check(arg, /^(\w+)/.exec(arg.value)?.[1]?.toLowerCase() ?? null);
          }
          return;
        }
        if (!kyselyCalls.has(name)) return;
        for (const arg of node.arguments) {
          const elements = arg.type === 'ArrayExpression' ? arg.elements : [arg];
          for (const e of elements) check(e, tableOfName(e));
        }
      },
      TaggedTemplateExpression(node) {
        if (isSqlTag(node.tag)) checkSql(node, templateText(node.quasi));
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        const text = templateText(node);
        if (statementStart.test(text)) checkSql(node, text);
      },
      Literal(node) {
        if (typeof node.value !== 'string' || !statementStart.test(node.value)) return;
        // `sql.raw('…')` is checked as its call.
        if (node.parent?.type === 'CallExpression' && node.parent.arguments.includes(node)) {
          const p = node.parent;
          if (p.callee.type === 'MemberExpression' && calleeName(p.callee) === 'raw') return;
        }
        checkSql(node, node.value);
      },
    };
  },
};

export default { rules: { 'one-reader': oneReader } };

// @ts-check
// Import direction inside src/server (issue 27, docs/decisions/019-server-layers.md): every
// top-level folder or root file of the server ("unit") sits in a tier, and production code may
// import values only from units of lower tiers — so the units' import graph has no cycle (type
// imports vanish at run time and may point anywhere) — and anything of the standings module only
// through its door, standings/standings.ts. Tests (`*.test.ts`) are not production code and may
// reach anywhere.
import { dirname, relative, resolve, sep } from 'node:path';

/** Lowest first; a unit imports only from tiers before its own. */
export const serverTiers = [
  // Cross-cutting pieces with no dependency on each other.
  ['errors.ts', 'logger.ts', 'env.ts', 'context.ts', 'i18n', 'security', 'runtime'],
  // The database and HTTP helpers.
  ['db', 'http'],
  // The data units of the game's tables (issue 52, scripts/eslint/table-readers.js): the only
  // readers and writers of `fixtures`, then of `predictions` (a prediction is of a fixture).
  ['fixtures'],
  ['predictions-store'],
  // Every league-level decision: who may read, post, moderate and administer (issue 51).
  ['access'],
  // Mail, the fixture sources (their transport, checks and refusals) and the units of
  // cross-cutting tables: throttles, the audit log, the league log.
  ['mailer', 'sources', 'audit', 'league-log'],
  ['throttle'],
  // Accounts and sessions: better-auth, its stores, the session cookie, the request guards.
  ['auth'],
  // Domain-like features: what the game is played on.
  ['competitions'],
  // Everything that turns predictions and results into tables.
  ['standings'],
  // Features a player or an admin uses.
  ['leagues', 'results', 'contact', 'admin', 'health'],
  ['bonus', 'reminders', 'account', 'imports', 'calendar', 'realtime'],
  ['predictions', 'push', 'hub', 'live'],
  // A league's conversation: its members, limits and pushes.
  ['feed'],
  // The admins' sync runs openfootball and the live sources.
  ['sync'],
  // Schedules, then the process: app, start-up, demo data, commands.
  ['jobs'],
  ['app.ts', 'bootstrap.ts'],
  ['server.ts', 'commands', 'demo'],
  ['run.ts'],
  ['main.ts', 'cli.ts'],
];

const tierOf = new Map(serverTiers.flatMap((units, tier) => units.map((u) => [u, tier])));

const serverRoot = resolve(import.meta.dirname, '../../src/server');
const door = 'standings/standings.ts';

/** The unit a path of src/server belongs to, and the path inside src/server. */
const locate = (path) => {
  const inside = relative(serverRoot, path);
  if (inside.startsWith('..')) return null;
  const parts = inside.split(sep);
  const unit = parts.length === 1 ? parts[0].replace(/(\.ts)?$/, '.ts') : parts[0];
  return { unit, inside: parts.join('/').replace(/(\.ts)?$/, '.ts') };
};

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Server units import only from lower tiers; standings through its door.' },
    messages: {
      unknown: '{{unit}} is in no tier of scripts/eslint/server-layers.js: add it to one.',
      upward:
        '{{from}} (tier {{fromTier}}) may not import {{to}} (tier {{toTier}}): a server unit imports only from lower tiers (docs/decisions/019).',
      door: 'Outside src/server/standings, import the standings module only through standings/standings.ts.',
    },
    schema: [],
  },
  create(context) {
    const here = locate(context.filename);
    if (!here || /\.test\.ts$/.test(context.filename)) return {};
    const check = (node, source, typeOnly = false) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(resolve(dirname(context.filename), source));
      if (!target || target.unit === here.unit) return;
      for (const unit of [here.unit, target.unit])
        if (!tierOf.has(unit)) context.report({ node, messageId: 'unknown', data: { unit } });
      if (target.unit === 'standings' && target.inside !== door)
        context.report({ node, messageId: 'door' });
      if (typeOnly) return;
      const fromTier = tierOf.get(here.unit) ?? -1;
      const toTier = tierOf.get(target.unit) ?? -1;
      if (fromTier !== -1 && toTier !== -1 && toTier >= fromTier)
        context.report({
          node,
          messageId: 'upward',
          data: {
            from: here.unit,
            to: target.unit,
            fromTier: String(fromTier),
            toTier: String(toTier),
          },
        });
    };
    /** `import type …`, or every name imported as a type. */
    const onlyTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      ((node.specifiers ?? []).length > 0 &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, onlyTypes(node)),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, onlyTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, onlyTypes(node)),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers } };

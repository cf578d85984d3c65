import { z } from 'zod';
import { competitionSchema } from '../../domain/competitions';
import {
  adminFixture,
  fixturePatch,
  minuteToBeConfirmed,
  newCompetitionBody,
  newFixtureBody,
} from '../../domain/results';
import { fixtureFieldGroups, publicFixture } from '../../domain/fixtures';
import { seasonLabel } from '../../domain/fixtures';
import { AppError } from '../errors';
import { body, createAdminRouter, json, requireAdmin, route } from '../http/router';
import { zodFieldErrors, zodIssueCode } from '../errors';
import type { StoredFixtureRow } from '../fixtures/repository';
import { actorOf } from './change';
import {
  addCompetition,
  addFixture,
  adminCompetitions,
  adminFixtures,
  auditTrail,
  changeFixture,
  rebuildStandings,
  handBackToSources,
  recalculate,
} from './service';

const fixtureParam = z.object({ fixtureId: z.string().min(1).max(100) });
const recalcResult = z.object({
  fixture: adminFixture,
  /**
   * Teams that gained points of the fixture's predictions; null while the points are still being
   * added in the background (a fixture predicted by very many teams). Standings read meanwhile
   * already count the result.
   */
  gained: z.number().nullable(),
  total: z.number().nullable(),
});

/** What a scoring change answers: the fixture and how many teams gained points of how many. */
const scored = (r: {
  fixture: StoredFixtureRow;
  counts: { gained: number; total: number } | null;
  predictions: number;
}) => ({
  fixture: toAdmin(r.fixture, r.predictions),
  gained: r.counts?.gained ?? null,
  total: r.counts?.total ?? null,
});

const toAdmin = (f: StoredFixtureRow, predictions: number) => ({
  ...publicFixture(f),
  minuteToBeConfirmed: minuteToBeConfirmed(f),
  predictions,
  handSet: fixtureFieldGroups.filter((g) => f.origins[g] === 'admin'),
});

export const resultRoutes = createAdminRouter()
  .openapi(
    route({
      method: 'get',
      path: '/competitions',
      summary: 'Competitions for the admin picker (admins only)',
      responses: { 200: json(z.object({ competitions: z.array(competitionSchema) })) },
    }),
    async (c) => {
      const admin = actorOf(requireAdmin(c));
      return c.json({ competitions: await adminCompetitions(c.get('services'), admin) }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/competitions',
      summary: 'Add a competition (a new tournament) so fixtures and imports have a home',
      request: body(newCompetitionBody),
      responses: { 201: json(z.object({ id: z.string() })) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, bus, standings, now } = c.get('services');
      const b = c.req.valid('json');
      return c.json(
        await addCompetition(
          { database, bus, standings },
          actorOf(admin),
          { ...b, seasonLabel: b.seasonLabel ?? '' },
          now(),
        ),
        201,
      );
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/fixtures',
      summary:
        "A competition's fixtures with results and flags, every season unless `season` is given (admins only)",
      request: {
        query: z.object({
          competitionId: z.string().min(1),
          season: seasonLabel.optional(),
        }),
      },
      responses: { 200: json(z.object({ fixtures: z.array(adminFixture) })) },
    }),
    async (c) => {
      const admin = actorOf(requireAdmin(c));
      const rows = await adminFixtures(c.get('services'), admin, c.req.valid('query'));
      return c.json({ fixtures: rows.map((r) => toAdmin(r.fixture, r.predictions)) }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/fixtures',
      summary: 'Add a fixture (admins only)',
      request: {
        body: {
          content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
          required: true,
        },
      },
      responses: { 201: json(z.object({ fixture: adminFixture })) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      // Parsed here so that any missing field answers with the spec's 'Missing Information' text
      // (a team name mixing alphabets with its own code).
      const parsed = newFixtureBody.safeParse(c.req.valid('json'));
      if (!parsed.success) {
        const named = zodIssueCode(parsed.error);
        throw new AppError(
          named?.code ?? 'MISSING_INFORMATION',
          named?.message,
          zodFieldErrors(parsed.error),
        );
      }
      const { database, bus, standings, now } = c.get('services');
      const fixture = await addFixture(
        { database, bus, standings },
        actorOf(admin),
        parsed.data,
        now(),
      );
      return c.json({ fixture: toAdmin(fixture, 0) }, 201);
    },
  )
  .openapi(
    route({
      method: 'patch',
      path: '/fixtures/{fixtureId}',
      summary:
        'Change a fixture: scores, first-goal minute (67, 45+2, 90+5), status, kick-off, teams; final results are scored at once',
      request: { params: fixtureParam, ...body(fixturePatch) },
      responses: { 200: json(recalcResult) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, bus, standings, now } = c.get('services');
      const input = { ...c.req.valid('param'), change: c.req.valid('json') };
      const r = await changeFixture({ database, bus, standings }, actorOf(admin), input, now());
      return c.json(scored(r), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/fixtures/{fixtureId}/recalculate',
      summary: "'Save & Recalculate': score a final fixture's predictions again",
      request: { params: fixtureParam },
      responses: { 200: json(recalcResult) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, bus, standings, now } = c.get('services');
      const r = await recalculate(
        { database, bus, standings },
        actorOf(admin),
        c.req.valid('param'),
        now(),
      );
      return c.json(scored(r), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/fixtures/{fixtureId}/hand-back',
      summary:
        "'Hand back to the sources': the facts an admin set by hand may be changed by the sync and the live sources again",
      request: { params: fixtureParam },
      responses: {
        200: json(
          z.object({ fixtureId: z.string(), handedBack: z.array(z.enum(fixtureFieldGroups)) }),
        ),
      },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, now } = c.get('services');
      return c.json(
        await handBackToSources({ database }, actorOf(admin), c.req.valid('param'), now()),
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/competitions/{competitionId}/rebuild-standings',
      summary:
        "'Rebuild standings': every league's totals of the competition summed afresh from its predictions",
      request: { params: z.object({ competitionId: z.string().min(1).max(100) }) },
      responses: { 200: json(z.object({ leagues: z.number(), tookMs: z.number() })) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, bus, standings, now } = c.get('services');
      const input = c.req.valid('param');
      const r = await rebuildStandings({ database, bus, standings }, actorOf(admin), input, now());
      return c.json(r, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/audit',
      summary: 'The audit trail: who changed what, when, before → after (admins only)',
      request: {
        query: z.object({
          entityId: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
      responses: {
        200: json(
          z.object({
            entries: z.array(
              z.object({
                id: z.string(),
                actor: z.string(),
                action: z.string(),
                entityType: z.string(),
                entityId: z.string(),
                before: z.unknown(),
                after: z.unknown(),
                createdAt: z.string(),
              }),
            ),
          }),
        ),
      },
    }),
    async (c) => {
      const admin = actorOf(requireAdmin(c));
      const entries = await auditTrail(c.get('services'), admin, c.req.valid('query'));
      return c.json({ entries }, 200);
    },
  );

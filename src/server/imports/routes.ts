import { z } from 'zod';
import { importBody } from '../../domain/import';
import { createAdminRouter, requireAdmin, route } from '../http/router';
import { applyImport, importActor, previewImport } from './service';

const statuses = ['new', 'changed', 'unchanged', 'rejected'] as const;
const importRow = z.object({
  index: z.number(),
  line: z.number().optional(),
  status: z.enum(statuses),
  reason: z.string().optional(),
  fixtureId: z.string().optional(),
  kickoffAt: z.string().optional(),
  /** false: the file gives only the date (kick-off shown as 'time to be confirmed'). */
  timeConfirmed: z.boolean().optional(),
  fixtureStatus: z.enum(['postponed', 'cancelled']).optional(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  round: z.string(),
  result: z
    .object({
      homeScore: z.number(),
      awayScore: z.number(),
      firstGoalMinute: z.number().nullable(),
    })
    .optional(),
  changes: z.array(z.string()).optional(),
});
const importAnswer = z.object({
  season: z.string(),
  rows: z.array(importRow),
  counts: z.object({
    new: z.number(),
    changed: z.number(),
    unchanged: z.number(),
    rejected: z.number(),
  }),
});

const request = {
  body: { content: { 'application/json': { schema: importBody } }, required: true },
};
const answer = (description: string) => ({
  200: { description, content: { 'application/json': { schema: importAnswer } } },
});

/** Fixture files (openfootball JSON, CSV) → fixtures and results. Site admins only. */
export const importRoutes = createAdminRouter()
  .openapi(
    route({
      method: 'post',
      path: '/preview',
      summary: 'What importing a fixture file would do, row by row (nothing is written)',
      request,
      responses: answer('Each row: new, changed (with the fields), unchanged or rejected'),
    }),
    async (c) => {
      const actor = importActor(requireAdmin(c));
      const { database, bus, standings, now } = c.get('services');
      return c.json(
        await previewImport({ database, bus, standings }, actor, c.req.valid('json'), now()),
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/apply',
      summary:
        'Import a fixture file in one transaction: results are scored like admin edits; re-importing changes nothing',
      request,
      responses: answer('What was done, row by row, with the fixture ids'),
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const { database, bus, standings, now } = c.get('services');
      return c.json(
        await applyImport(
          { database, bus, standings },
          importActor(admin),
          c.req.valid('json'),
          now(),
        ),
        200,
      );
    },
  );

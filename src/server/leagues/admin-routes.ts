import { z } from 'zod';
import {
  leagueSummary,
  updateLeagueBody,
  deleteLeagueBody,
  inviteLink,
  leagueBar,
} from '../../domain/leagues';
import { body, createRouter, json, requireUser, route } from '../http';
import * as service from './service';
import { leagueIdParam, summaryOf } from './summary';

/** What only a league's admin (its creator) may do; the service checks the role. */
export const leagueAdminRoutes = createRouter()
  .openapi(
    route({
      method: 'patch',
      path: '/{leagueId}',
      summary: 'League admin: rename, allow or forbid joining by name',
      request: { params: leagueIdParam, ...body(updateLeagueBody) },
      responses: { 200: json(z.object({ league: leagueSummary })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const league = await service.updateLeagueSettings(
        c.get('services').database.db,
        user,
        c.req.valid('param').leagueId,
        c.req.valid('json'),
        { now: c.get('services').now },
      );
      return c.json({ league: summaryOf(league, user, { member: true }) }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/invite-code',
      summary: 'League admin: a new invite code (the old one stops working)',
      request: { params: leagueIdParam },
      responses: { 200: json(z.object({ inviteCode: z.string(), inviteLink: z.string() })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { database, env, now } = c.get('services');
      const inviteCode = await service.regenerateInviteCode(
        database.db,
        user,
        c.req.valid('param').leagueId,
        { now },
      );
      return c.json({ inviteCode, inviteLink: inviteLink(env.baseUrl, inviteCode) }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/teams/{teamId}',
      summary: 'League admin: remove a team and its predictions',
      request: { params: leagueIdParam.extend({ teamId: z.string().min(1).max(64) }) },
      responses: { 200: json(z.object({ ok: z.literal(true) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { leagueId, teamId } = c.req.valid('param');
      await service.removeTeam(c.get('services').database.db, user, leagueId, teamId, {
        now: c.get('services').now,
      });
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/bars',
      summary: 'League admin: the players whose team was removed, who may not rejoin',
      request: { params: leagueIdParam },
      responses: { 200: json(z.object({ bars: z.array(leagueBar) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const bars = await service.listBars(
        c.get('services').database.db,
        user,
        c.req.valid('param').leagueId,
      );
      return c.json({ bars }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/bars/{userId}',
      summary: 'League admin: let a removed player join again',
      request: { params: leagueIdParam.extend({ userId: z.string().min(1).max(64) }) },
      responses: { 200: json(z.object({ ok: z.literal(true) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { leagueId, userId } = c.req.valid('param');
      await service.liftBar(c.get('services').database.db, user, leagueId, userId, {
        now: c.get('services').now,
      });
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}',
      summary: 'League admin: delete the league (type its name to confirm)',
      request: { params: leagueIdParam, ...body(deleteLeagueBody) },
      responses: { 200: json(z.object({ ok: z.literal(true) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      await service.deleteLeague(
        c.get('services').database.db,
        user,
        c.req.valid('param').leagueId,
        c.req.valid('json').confirmName,
        { now: c.get('services').now },
      );
      return c.json({ ok: true as const }, 200);
    },
  );

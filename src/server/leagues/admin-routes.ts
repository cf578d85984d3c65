import { z } from 'zod';
import {
  leagueSummary,
  updateLeagueBody,
  deleteLeagueBody,
  inviteLink,
  leagueBar,
  teamIdBody,
} from '../../domain/leagues';
import { body, createRouter, json, requireUser, route } from '../http/router';
import * as service from './admin-service';
import { handOverAdmin } from './membership-service';
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
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const league = await service.updateLeagueSettings(services, user, input, services.now());
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
      const services = c.get('services');
      const input = c.req.valid('param');
      const inviteCode = await service.regenerateInviteCode(services, user, input, services.now());
      return c.json({ inviteCode, inviteLink: inviteLink(services.env.baseUrl, inviteCode) }, 200);
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
      const services = c.get('services');
      await service.removeTeam(services, user, c.req.valid('param'), services.now());
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/admin',
      summary: 'League admin: hand the admin role to the owner of another team',
      request: { params: leagueIdParam, ...body(teamIdBody) },
      responses: { 200: json(z.object({ league: leagueSummary })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const league = await handOverAdmin(services, user, input, services.now());
      return c.json({ league: summaryOf(league, user, { member: true }) }, 200);
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
      const bars = await service.listBars(c.get('services'), user, c.req.valid('param'));
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
      const services = c.get('services');
      await service.liftBar(services, user, c.req.valid('param'), services.now());
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
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      await service.deleteLeague(services, user, input, services.now());
      return c.json({ ok: true as const }, 200);
    },
  );

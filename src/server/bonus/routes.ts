import { z } from 'zod';
import {
  bonusAnswerBody,
  bonusListResponse,
  createBonusBody,
  settleBonusBody,
} from '../../domain/bonus';
import { seasonLabel } from '../../domain/fixtures';
import { body, createRouter, json, requireUser, route } from '../http/router';
import { leagueIdParam } from '../leagues/summary';
import * as service from './service';

const questionParam = leagueIdParam.extend({ questionId: z.string().min(1).max(64) });
const ok = json(z.object({ ok: z.literal(true) }));

/** A league's bonus questions (mounted under /api/leagues); the service checks who may do what. */
export const bonusRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/bonus',
      summary:
        "A league's bonus questions of a season (default: the current one): the viewer's answers, everybody's once a question closed",
      request: { params: leagueIdParam, query: z.object({ season: seasonLabel.optional() }) },
      responses: { 200: json(bonusListResponse) },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      const list = await service.listBonus(services, c.get('user'), input, services.now());
      return c.json(list, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/bonus',
      summary: 'League admin: ask a bonus question with its points and deadline',
      request: { params: leagueIdParam, ...body(createBonusBody) },
      responses: { 201: json(z.object({ id: z.string() })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const id = await service.createQuestion(services, user, input, services.now());
      return c.json({ id }, 201);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/{leagueId}/bonus/{questionId}/answers/{teamId}',
      summary: "A member's answer for one of their teams (until the deadline)",
      request: {
        params: questionParam.extend({ teamId: z.string().min(1).max(64) }),
        ...body(bonusAnswerBody),
      },
      responses: { 200: json(z.object({ teamId: z.string(), answer: z.string() })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const saved = await service.answerQuestion(services, user, input, services.now());
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/bonus/{questionId}/settle',
      summary: 'League admin: the right answers, after the deadline (points join the standings)',
      request: { params: questionParam, ...body(settleBonusBody) },
      responses: { 200: ok },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      await service.settleQuestion(services, user, input, services.now());
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/bonus/{questionId}',
      summary: 'League admin: remove a question, its answers and the points it gave',
      request: { params: questionParam },
      responses: { 200: ok },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      await service.removeQuestion(services, user, c.req.valid('param'), services.now());
      return c.json({ ok: true as const }, 200);
    },
  );

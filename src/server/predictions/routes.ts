import { z } from 'zod';
import { clubsSchema } from '../../domain/clubs';
import { clubsOfFixtures } from '../competitions/club-colours';
import {
  copyPredictionsBody,
  deletePredictionsBody,
  multiLeagueBody,
  savedPrediction,
  savePredictionsBody,
} from '../../domain/predictions';
import { seasonLabel } from '../../domain/fixtures';
import { refuseGoneUserAfter } from '../account/gone-user';
import { body, createRouter, json, requireUser, route } from '../http/router';
import * as service from './service';
import { fixturePicks, leagueBoard } from './board-service';
import { fixtureRace } from './race-service';
import { raceResponse } from '../../domain/live/race-api';
import { teamInLeague } from '../../domain/hub';

const saveResult = z.object({
  saved: z.array(z.string()),
  locked: z.array(z.string()),
  jokersRemaining: z.number(),
  jokerUsed: z.boolean(),
  teamName: z.string(),
  leagueName: z.string(),
});

const entry = z.object({
  teamId: z.string(),
  teamName: z.string(),
  predicted: z.boolean(),
  outcome: z.string().nullable(),
  firstGoalMinute: z.number().nullable(),
  joker: z.boolean().nullable(),
  points: z.number().nullable(),
});

const mineRow = z.object({
  fixtureId: z.string(),
  ...teamInLeague.shape,
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: z.string(),
  status: z.string(),
  result: z
    .object({
      homeScore: z.number(),
      awayScore: z.number(),
      firstGoalMinute: z.number().nullable(),
    })
    .nullable()
    .openapi({ description: 'The score in play or at full time; null before kick-off' }),
  outcome: z.string(),
  firstGoalMinute: z.number().nullable(),
  joker: z.boolean(),
  points: z.number().nullable(),
  createdAt: z.string(),
});

export const predictionRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: "One of your teams' predictions and the jokers left in the current season",
      request: { query: z.object({ teamId: z.string().min(1) }) },
      responses: {
        200: json(
          z.object({
            teamId: z.string(),
            competitionId: z.string(),
            season: z.string().nullable(),
            predictions: z.array(savedPrediction),
            jokersRemaining: z.number(),
          }),
        ),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = c.req.valid('query');
      return c.json(await service.teamPredictions(services, user, input, services.now()), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/mine',
      summary: 'Every prediction of your teams, newest first',
      responses: { 200: json(z.object({ predictions: z.array(mineRow) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json({ predictions: await service.myPredictions(c.get('services'), user) }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/',
      summary: 'Save predictions of one team (open fixtures saved, kicked-off ones reported)',
      request: body(savePredictionsBody),
      responses: { 200: json(saveResult) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      // No user look-up up front (the kick-off rush): only a refused team check asks for one.
      const r = await service
        .savePredictions(services, user, c.req.valid('json'), services.now())
        .catch((error: unknown) => refuseGoneUserAfter(c, error));
      return c.json(
        {
          saved: r.saved,
          locked: r.locked,
          jokersRemaining: r.jokersRemaining,
          jokerUsed: r.jokerUsed,
          teamName: r.team.name,
          leagueName: r.team.leagueName,
        },
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/',
      summary: 'Delete predictions of open fixtures (kicked-off ones are kept)',
      request: body(deletePredictionsBody),
      responses: {
        200: json(z.object({ deleted: z.array(z.string()), locked: z.array(z.string()) })),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = c.req.valid('json');
      return c.json(await service.deletePredictions(services, user, input, services.now()), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/copy',
      summary: 'Copy outcome and minute (not jokers) of open fixtures to another of your teams',
      request: body(copyPredictionsBody),
      responses: { 200: json(z.object({ copied: z.number(), leagueName: z.string() })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const r = await service.copyPredictions(services, user, c.req.valid('json'), services.now());
      return c.json({ copied: r.copied, leagueName: r.to.leagueName }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/multi',
      summary: 'Apply to Multiple Leagues: the same picks for several of your teams',
      request: body(multiLeagueBody),
      responses: {
        200: json(z.object({ saved: z.number(), teams: z.number(), locked: z.array(z.string()) })),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = c.req.valid('json');
      return c.json(await service.saveToTeams(services, user, input, services.now()), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/league/{leagueId}',
      summary:
        "One season of the league's fixtures (default: the current one) with who has predicted; picks shown to members from kick-off",
      request: {
        params: z.object({ leagueId: z.string().min(1).max(64) }),
        query: z.object({ season: seasonLabel.optional() }),
      },
      responses: {
        200: json(
          z.object({
            season: z.string().nullable(),
            fixtures: z.array(
              z.object({
                id: z.string(),
                round: z.string(),
                kickoffAt: z.string(),
                timeConfirmed: z.boolean(),
                homeTeam: z.string(),
                awayTeam: z.string(),
                status: z.string(),
                homeScore: z.number().nullable(),
                awayScore: z.number().nullable(),
                firstGoalMinute: z.number().nullable(),
                locked: z.boolean(),
                /** Kicked off (or live/final): members see each other's picks. */
                revealed: z.boolean(),
                entries: z.array(entry),
              }),
            ),
            /** The colours of the clubs the fixtures name (known clubs only). */
            clubs: clubsSchema,
          }),
        ),
      },
    }),
    async (c) => {
      const { now } = c.get('services');
      const board = await leagueBoard(
        c.get('services'),
        c.get('user'),
        { leagueId: c.req.valid('param').leagueId, season: c.req.valid('query').season },
        now(),
      );
      return c.json({ ...board, clubs: clubsOfFixtures(board.fixtures) }, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/league/{leagueId}/fixtures/{fixtureId}',
      summary: "Every team's pick for one fixture (members only, from kick-off)",
      request: {
        params: z.object({
          leagueId: z.string().min(1).max(64),
          fixtureId: z.string().min(1).max(100),
        }),
      },
      responses: { 200: json(z.object({ entries: z.array(entry) })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      return c.json(await fixturePicks(services, user, c.req.valid('param'), services.now()), 200);
    },
  );

/** Under /api/leagues: a league's view of one fixture's picks while it is played (issue 29). */
export const raceRoutes = createRouter().openapi(
  route({
    method: 'get',
    path: '/{leagueId}/fixtures/{fixtureId}/race',
    summary:
      "The minute race of a fixture: the clock, the score, the provisional first goal and every team's predicted minute, outcome and joker (members only, from kick-off)",
    request: {
      params: z.object({
        leagueId: z.string().min(1).max(64),
        fixtureId: z.string().min(1).max(100),
      }),
    },
    responses: { 200: json(raceResponse) },
  }),
  async (c) => {
    const user = requireUser(c);
    const services = c.get('services');
    return c.json(await fixtureRace(services, user, c.req.valid('param'), services.now()), 200);
  },
);

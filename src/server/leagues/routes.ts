import { deleteUser } from '../account/repository';
import { z } from 'zod';
import {
  createLeagueBody,
  createTeamBody,
  inviteLink,
  joinLeagueBody,
  leagueSummary,
  lookupQuery,
  memberRow,
  myLeague,
  quickJoinBody,
  teamSummary,
} from '../../domain/leagues';
import { standingsResponse } from '../../domain/standings';
import { seasonLabel } from '../../domain/fixtures';
import { AppError } from '../errors';
import { body, createRouter, json, requireUser, route } from '../http';
import * as repo from './repository';
import * as service from './service';
import { leagueIdParam, summaryOf } from './summary';
import type { TotalsRow } from '../standings/repository';
import { readStandings } from '../standings/service';
import { talliesOf } from '../standings/tallies';
import { attempt, guessing, throttleRules } from '../throttle';

const createdResponse = z.object({
  league: leagueSummary,
  teams: z.array(teamSummary),
  addedToExisting: z.boolean(),
  inviteLink: z.string(),
});

export const leagueRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/mine',
      summary: "The signed-in user's leagues with their teams",
      responses: { 200: json(z.object({ leagues: z.array(myLeague) })) },
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) return c.json({ leagues: [] }, 200);
      const rows = await repo.listUserLeagues(c.get('services').database.db, user.id);
      return c.json(
        {
          leagues: rows.map((r) => ({
            ...summaryOf(r.league, user, { member: true }),
            teams: r.teams,
          })),
        },
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/',
      summary: 'Create a league with one or two teams (or add teams to your league of that name)',
      request: body(createLeagueBody),
      responses: { 201: json(createdResponse), 200: json(createdResponse) },
    }),
    async (c) => {
      const user = c.get('user');
      if (!user) throw new AppError('SIGN_IN_TO_CREATE_LEAGUE');
      const { database, env, now } = c.get('services');
      const result = await service.createLeague(database.db, user, c.req.valid('json'), { now });
      const payload = {
        league: summaryOf(result.league, user, { member: true }),
        teams: result.teams.map((t) => ({ id: t.id, name: t.name, leagueId: t.leagueId })),
        addedToExisting: result.kind === 'added',
        inviteLink: inviteLink(env.baseUrl, result.league.inviteCode),
      };
      return result.kind === 'created' ? c.json(payload, 201) : c.json(payload, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/lookup',
      summary: 'Find a league by invite code or name (the /join redirect)',
      request: { query: lookupQuery },
      responses: { 200: json(z.object({ league: leagueSummary })) },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const { db } = c.get('services').database;
      const user = c.get('user');
      const found = await guessing(c, async () => {
        const league = await service.lookupLeague(db, { code: q.code, name: q.league });
        if (!league) throw new AppError('INVALID_LEAGUE');
        return league;
      });
      const member = user !== null && (await repo.isMember(db, found.league.id, user.id));
      return c.json(
        { league: summaryOf(found.league, user, { member, knowsCode: found.byCode }) },
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/join',
      summary: 'Join a league by code or name with a team name',
      request: body(joinLeagueBody),
      responses: { 201: json(z.object({ league: leagueSummary, team: teamSummary })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { codeOrName, teamName } = c.req.valid('json');
      const { league, team } = await guessing(c, () =>
        service.joinLeague(c.get('services').database.db, user, codeOrName, teamName, {
          now: c.get('services').now,
        }),
      );
      return c.json(
        {
          league: summaryOf(league, user, { member: true }),
          team: { id: team.id, name: team.name, leagueId: team.leagueId },
        },
        201,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/quick-join',
      summary: 'Join by code as a guest (starts a guest session when signed out)',
      request: body(quickJoinBody),
      responses: {
        200: json(z.object({ league: leagueSummary, team: teamSummary, reentered: z.boolean() })),
      },
    }),
    async (c) => {
      const { database, auth, now } = c.get('services');
      const invite = c.req.valid('json');
      const { teamName } = invite;
      let user = c.get('user');
      const { league, existing } = await guessing(c, () =>
        service.quickJoinCheck(database.db, user, invite, teamName),
      );
      if (existing) {
        return c.json(
          {
            league: summaryOf(league, user, { member: true }),
            team: { id: existing.id, name: existing.name, leagueId: league.id },
            reentered: true,
          },
          200,
        );
      }
      let createdGuest: string | null = null;
      let giveBackGuest = async () => {};
      if (!user) {
        giveBackGuest = await attempt(c, throttleRules.guestStart);
        const signedIn = await auth.api.signInAnonymous({
          headers: c.req.raw.headers,
          returnHeaders: true,
        });
        for (const cookie of signedIn.headers.getSetCookie())
          c.header('Set-Cookie', cookie, { append: true });
        const guest = signedIn.response?.user;
        if (!guest)
          throw new AppError('INTERNAL', 'Could not start your session. Please try again.');
        createdGuest = guest.id;
        user = {
          id: guest.id,
          email: guest.email,
          name: guest.name,
          role: 'user',
          isAnonymous: true,
          emailVerified: false,
          locale: 'en',
        };
      }
      try {
        const { team } = await service.joinLeague(database.db, user, league.inviteCode, teamName, {
          now,
        });
        return c.json(
          {
            league: summaryOf(league, user, { member: true }),
            team: { id: team.id, name: team.name, leagueId: team.leagueId },
            reentered: false,
          },
          200,
        );
      } catch (error) {
        // Lost a race for the name: the guest we just made has nothing; remove it.
        if (createdGuest) {
          await deleteUser(database.db, createdGuest);
          await giveBackGuest();
        }
        throw error;
      }
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}',
      summary:
        'A league page: name, competition, members (no e-mail addresses); the invite link for members',
      request: { params: leagueIdParam },
      responses: {
        200: json(
          z.object({
            league: leagueSummary,
            /** Only for the league's members and admin. */
            inviteLink: z.string().nullable(),
            members: z.array(memberRow),
          }),
        ),
      },
    }),
    async (c) => {
      const { database, env } = c.get('services');
      const league = await repo.findLeagueById(database.db, c.req.valid('param').leagueId);
      if (!league) throw new AppError('LEAGUE_NOT_FOUND');
      const viewer = c.get('user');
      const rows = await repo.listMembers(database.db, league.id);
      const summary = summaryOf(league, viewer, {
        member: viewer !== null && rows.some((m) => m.userId === viewer.id),
      });
      return c.json(
        {
          league: summary,
          inviteLink: summary.inviteCode ? inviteLink(env.baseUrl, summary.inviteCode) : null,
          members: rows.map(({ teamId, teamName, manager }) => ({ teamId, teamName, manager })),
        },
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/standings',
      summary:
        'Ranked standings of one season (default: the current one), summary cards, the top-10 table and per-team statistics',
      request: {
        params: leagueIdParam,
        query: z.object({
          season: seasonLabel.optional(),
          /** 1-based page of 50 teams (default 1; past the last page: the last). */
          page: z.coerce.number().int().min(1).max(1_000_000).optional(),
          /** 'me': the page holding the viewer's best-placed team. */
          around: z.literal('me').optional(),
          /** The round whose table comes with the page (default: the latest with results). */
          round: z.string().trim().min(1).max(100).optional(),
        }),
      },
      responses: { 200: json(standingsResponse) },
    }),
    async (c) => {
      const { database, now } = c.get('services');
      const viewer = c.get('user');
      const league = await repo.findLeagueById(database.db, c.req.valid('param').leagueId);
      if (!league) throw new AppError('LEAGUE_NOT_FOUND');
      const { season, current, seasons } = await service.standingsSeason(
        database.db,
        league,
        c.req.valid('query').season,
        now(),
      );
      const query = c.req.valid('query');
      // A result the background run has not reached this league with yet counts already.
      await talliesOf(database).catchUpLeague(league);
      const standings = await readStandings(
        database.db,
        league,
        season ?? '',
        query,
        viewer?.id ?? null,
      );
      const toRow = (r: TotalsRow & { rank: number }) => ({
        rank: r.rank,
        teamId: r.teamId,
        teamName: r.teamName,
        manager: r.manager,
        points: r.points,
        exactMinutes: r.exactMinutes,
        correctOutcomes: r.correctOutcomes,
        mine: viewer !== null && r.userId === viewer.id,
      });
      const chosen = standings.round;
      return c.json(
        {
          league: summaryOf(league, viewer, {
            member: viewer !== null && (await repo.isMember(database.db, league.id, viewer.id)),
          }),
          season,
          currentSeason: current,
          seasons,
          page: standings.page,
          rows: standings.rows.map(toRow),
          top: standings.top.map(toRow),
          summary: standings.summary,
          // Other players' counts cover fixtures with a result only: before kick-off nobody
          // learns how many picks or jokers a team has placed.
          statistics: standings.rows.map((r) => {
            const own = viewer !== null && r.userId === viewer.id;
            return {
              teamId: r.teamId,
              teamName: r.teamName,
              predictions: own ? r.predictions : r.scoredPredictions,
              correctOutcomes: r.correctOutcomes,
              exactMinutes: r.exactMinutes,
              jokers: own ? r.jokers : r.scoredJokers,
              points: r.points,
            };
          }),
          round: chosen?.round ?? null,
          rounds: standings.rounds.map((round) =>
            chosen && round === chosen.round
              ? {
                  round,
                  winnerCount: chosen.winnerCount,
                  winners: chosen.winners.map((w) => toRow({ ...w, rank: 1 })),
                  rows: chosen.rows.map(toRow),
                }
              : { round, winnerCount: 0, winners: [], rows: [] },
          ),
        },
        200,
      );
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/teams',
      summary: 'Create another team of yours in a league you play in',
      request: { params: leagueIdParam, ...body(createTeamBody) },
      responses: { 201: json(z.object({ team: teamSummary })) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { team } = await service.addTeam(
        c.get('services').database.db,
        user,
        c.req.valid('param').leagueId,
        c.req.valid('json').teamName,
        { now: c.get('services').now },
      );
      return c.json({ team: { id: team.id, name: team.name, leagueId: team.leagueId } }, 201);
    },
  );

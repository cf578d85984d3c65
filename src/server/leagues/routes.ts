import { discardGuest, startGuestSession } from '../auth/auth';
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
  teamIdBody,
} from '../../domain/leagues';
import { standingsResponse } from '../../domain/standings';
import { statisticsQuery, statisticsResponse } from '../../domain/statistics';
import { seasonLabel } from '../../domain/fixtures';
import { AppError } from '../errors';
import { body, createRouter, json, requireUser, route } from '../http/router';
import * as service from './service';
import { leagueIdParam, summaryOf, teamSummaryOf } from './summary';
import { leagueStandings } from './standings-service';
import { leagueStatistics } from './statistics-service';
import { leaveLeague } from './membership-service';
import { attempt, guessing, throttleRules } from '../throttle/throttle';

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
      const services = c.get('services');
      const rows = await service.myLeagues(services, user);
      const unread = user
        ? await service.unreadOf(
            services,
            user.id,
            rows.map((r) => r.league.id),
          )
        : new Map<string, number>();
      const leagues = rows.map((r) => ({
        ...summaryOf(r.league, user, { member: true }),
        teams: r.teams,
        unread: unread.get(r.league.id) ?? 0,
      }));
      return c.json({ leagues }, 200);
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
      const services = c.get('services');
      const result = await service.createLeague(
        services,
        user,
        c.req.valid('json'),
        services.now(),
      );
      const payload = {
        league: summaryOf(result.league, user, { member: true }),
        teams: result.teams.map(teamSummaryOf),
        addedToExisting: result.kind === 'added',
        inviteLink: inviteLink(services.env.baseUrl, result.league.inviteCode),
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
      const user = c.get('user');
      const found = await guessing(c, () =>
        service.lookupInvite(c.get('services'), user, { code: q.code, name: q.league }),
      );
      const access = { member: found.member, knowsCode: found.byCode };
      return c.json({ league: summaryOf(found.league, user, access) }, 200);
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
      const services = c.get('services');
      const { league, team } = await guessing(c, () =>
        service.joinLeague(services, user, c.req.valid('json'), services.now()),
      );
      return c.json(
        {
          league: summaryOf(league, user, { member: true }),
          team: teamSummaryOf(team),
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
      const services = c.get('services');
      // A visitor becomes a guest: counted against the address's guest starts, the session's
      // cookies set on this response; a guest whose join then failed is removed again.
      let giveBack = async () => {};
      const guests: service.GuestStarter = {
        start: async () => {
          giveBack = await attempt(c, throttleRules.guestStart);
          const guest = await startGuestSession(services.auth, c.req.raw.headers);
          for (const cookie of guest.cookies) c.header('Set-Cookie', cookie, { append: true });
          return guest.user;
        },
        discard: async (guest) => {
          await discardGuest(services, guest);
          await giveBack();
        },
      };
      const joined = await guessing(c, () =>
        service.quickJoin(services, c.get('user'), c.req.valid('json'), services.now(), guests),
      );
      return c.json(
        {
          league: summaryOf(joined.league, joined.user, { member: true }),
          team: teamSummaryOf(joined.team),
          reentered: joined.reentered,
        },
        200,
      );
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
      const services = c.get('services');
      const viewer = c.get('user');
      const { league, members, member } = await service.leagueDetail(
        services,
        viewer,
        c.req.valid('param'),
      );
      const summary = summaryOf(league, viewer, { member });
      return c.json(
        {
          league: summary,
          inviteLink: summary.inviteCode
            ? inviteLink(services.env.baseUrl, summary.inviteCode)
            : null,
          members: members.map(({ teamId, teamName, manager }) => ({ teamId, teamName, manager })),
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
          /** 'live': live points and ranks while fixtures are in play (issue 29). */
          view: z.literal('live').optional(),
        }),
      },
      responses: { 200: json(standingsResponse) },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      const standings = await leagueStandings(services, c.get('user'), input, services.now());
      return c.json(standings, 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/statistics',
      summary:
        "A season's statistics from fixtures with a result: who calls draws most and the most predicted first-goal minutes; with teamId, that team's accuracy, exact minutes, jokers, best round, and points and place after every round",
      request: { params: leagueIdParam, query: statisticsQuery },
      responses: { 200: json(statisticsResponse) },
    }),
    async (c) => {
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      const statistics = await leagueStatistics(services, c.get('user'), input, services.now());
      return c.json(statistics, 200);
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
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const { team } = await service.addTeam(services, user, input, services.now());
      return c.json({ team: teamSummaryOf(team) }, 201);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/leave',
      summary:
        'Leave a league: delete one of your teams in it (a league admin leaving passes the role on)',
      request: { params: leagueIdParam, ...body(teamIdBody) },
      responses: {
        200: json(z.object({ leagueDeleted: z.boolean(), stillMember: z.boolean() })),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const services = c.get('services');
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await leaveLeague(services, user, input, services.now()), 200);
    },
  );

import { z } from 'zod';
import {
  editMessageBody,
  emojiParam,
  feedMessage,
  feedPage,
  feedQuery,
  feedSettingsBody,
  logPage,
  logQuery,
  postMessageBody,
} from '../../domain/feed';
import { body, createAdminRouter, createRouter, json, requireUser, route } from '../http/router';
import { leagueIdParam } from '../leagues/summary';
import { leagueStory, pinBody } from '../../domain/story';
import { listLog } from './log-service';
import * as service from './service';
import * as stories from './stories';

const messageParam = leagueIdParam.extend({ messageId: z.string().min(1).max(64) });
const ok = json(z.object({ ok: z.literal(true) }));

/**
 * A league's banter and open log (issue 32), mounted under /api/leagues. Members only (site
 * admins may read and remove); the service checks who may do what.
 */
export const feedRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/messages',
      summary:
        "A league's messages, 50 at a time, newest first (before: the page before a message; fixtureId: one fixture's)",
      request: { params: leagueIdParam, query: feedQuery },
      responses: { 200: json(feedPage) },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await service.listFeed(c.get('services'), c.get('user'), input), 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/messages',
      summary:
        'Post a message as one of your teams in the league (10 a minute), maybe answering one or about a fixture',
      request: { params: leagueIdParam, ...body(postMessageBody) },
      responses: { 201: json(z.object({ message: feedMessage })) },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const message = await service.postMessage(c.get('services'), c.get('user'), input);
      return c.json({ message }, 201);
    },
  )
  .openapi(
    route({
      method: 'patch',
      path: '/{leagueId}/messages/{messageId}',
      summary: "Edit your message (it shows 'edited'; 10 edits a minute)",
      request: { params: messageParam, ...body(editMessageBody) },
      responses: { 200: json(z.object({ message: feedMessage })) },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      const message = await service.editMessage(c.get('services'), c.get('user'), input);
      return c.json({ message }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/messages/{messageId}',
      summary: "Delete your message; the league admin or a site admin removes anyone's",
      request: { params: messageParam },
      responses: { 200: ok },
    }),
    async (c) => {
      await service.deleteMessage(c.get('services'), c.get('user'), c.req.valid('param'));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/{leagueId}/messages/{messageId}/reactions/{emoji}',
      summary:
        'React to a message with 👍 😂 😮 😢 🔥 or ⚽ (30 reactions given or taken back a minute)',
      request: { params: messageParam.extend({ emoji: emojiParam }) },
      responses: { 200: ok },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), on: true };
      await service.react(c.get('services'), c.get('user'), input);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/messages/{messageId}/reactions/{emoji}',
      summary: 'Take your reaction back (counted with the reactions given)',
      request: { params: messageParam.extend({ emoji: emojiParam }) },
      responses: { 200: ok },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), on: false };
      await service.react(c.get('services'), c.get('user'), input);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'post',
      path: '/{leagueId}/messages/{messageId}/report',
      summary: "Report someone's message to the league admin and the site's admins",
      request: { params: messageParam },
      responses: { 200: ok },
    }),
    async (c) => {
      await service.report(c.get('services'), c.get('user'), c.req.valid('param'));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/{leagueId}/feed/read',
      summary: "You have read the league's messages (its unread count goes to 0)",
      request: { params: leagueIdParam },
      responses: { 200: ok },
    }),
    async (c) => {
      await service.markRead(c.get('services'), c.get('user'), c.req.valid('param').leagueId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/{leagueId}/feed/settings',
      summary: 'Push for replies to you and mentions of your teams in this league: on or off',
      request: { params: leagueIdParam, ...body(feedSettingsBody) },
      responses: { 200: json(feedSettingsBody) },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      return c.json(await service.setNotify(c.get('services'), c.get('user'), input), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/log',
      summary:
        "What changed in the league and by whom: rules, invite code, join by name, removals, the admin role, bonus questions, and its fixtures' confirmed results and kick-offs",
      request: { params: leagueIdParam, query: logQuery },
      responses: { 200: json(logPage) },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('query') };
      return c.json(await listLog(c.get('services'), c.get('user'), input), 200);
    },
  )
  .openapi(
    route({
      method: 'get',
      path: '/{leagueId}/stories',
      summary:
        "The league's matchday stories of the season, newest round first, as facts to word in the reader's language, and the message its admin pinned above them",
      request: { params: leagueIdParam },
      responses: {
        200: json(
          z.object({
            stories: z.array(leagueStory),
            pinned: feedMessage.nullable(),
            canPin: z.boolean(),
          }),
        ),
      },
    }),
    async (c) => {
      const { leagueId } = c.req.valid('param');
      return c.json(await stories.listStories(c.get('services'), c.get('user'), leagueId), 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/{leagueId}/pin',
      summary: 'League admin: pin a message of your own above the story (replaces the pinned one)',
      request: { params: leagueIdParam, ...body(pinBody) },
      responses: { 200: ok },
    }),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json') };
      await stories.pinMessage(c.get('services'), c.get('user'), input);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    route({
      method: 'delete',
      path: '/{leagueId}/pin',
      summary: 'League admin (or a site admin): take the pinned message down',
      request: { params: leagueIdParam },
      responses: { 200: ok },
    }),
    async (c) => {
      await stories.unpinMessage(c.get('services'), c.get('user'), c.req.valid('param'));
      return c.json({ ok: true as const }, 200);
    },
  );

/** Site admins: reported messages still showing, newest report first (mounted under /api/admin). */
export const feedAdminRoutes = createAdminRouter().openapi(
  route({
    method: 'get',
    path: '/message-reports',
    summary: 'Reported league messages still showing, with their league and report count',
    responses: {
      200: json(
        z.object({
          messages: z.array(
            z.object({
              id: z.string(),
              leagueId: z.string(),
              leagueName: z.string(),
              teamName: z.string(),
              text: z.string(),
              createdAt: z.string(),
              reports: z.number(),
            }),
          ),
        }),
      ),
    },
  }),
  async (c) => {
    const messages = await service.reportedMessages(c.get('services'));
    return c.json({ messages }, 200);
  },
);

const notifyLeague = z.object({
  leagueId: z.string(),
  leagueName: z.string(),
  enabled: z.boolean(),
});

/** The player's chat notifications per league (mounted under /api/push, beside goal alerts). */
export const feedPushRoutes = createRouter().openapi(
  route({
    method: 'get',
    path: '/feed-notifications',
    summary:
      'Your leagues, and whether replies to you and mentions of your teams reach your devices (default off)',
    responses: { 200: json(z.object({ leagues: z.array(notifyLeague) })) },
  }),
  async (c) => c.json(await service.feedNotifySettings(c.get('services'), requireUser(c)), 200),
);

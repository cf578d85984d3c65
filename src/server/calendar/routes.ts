import { z } from 'zod';
import { AppError } from '../errors';
import { createRouter, json, requireUser, route } from '../http/router';
import { calendarFeed, calendarLink, newCalendarLink, removeCalendarLink } from './service';

const link = z.object({ url: z.string().nullable() });

/** A player's private calendar feed (ICS) of their leagues' fixtures; guests have one too. */
export const calendarRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'The address of your private calendar feed (null until you make one)',
      responses: { 200: json(link) },
    }),
    async (c) => c.json(await calendarLink(c.get('services'), requireUser(c)), 200),
  )
  .openapi(
    route({
      method: 'post',
      path: '/',
      summary: 'Make your calendar feed address, or a new one (the old one stops working)',
      responses: { 201: json(link, 'Made') },
    }),
    async (c) => c.json(await newCalendarLink(c.get('services'), requireUser(c)), 201),
  )
  .openapi(
    route({
      method: 'delete',
      path: '/',
      summary: 'Turn your calendar feed off',
      responses: { 200: json(link, 'Removed') },
    }),
    async (c) => c.json(await removeCalendarLink(c.get('services'), requireUser(c)), 200),
  )
  .get('/feed/:file', async (c) => {
    // Read by calendar apps, which cannot sign in: the secret token is the permission.
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw new AppError('CALENDAR_FEED_INVALID');
    const { body, etag } = await calendarFeed(c.get('services'), file.slice(0, -'.ics'.length));
    const headers = {
      'content-type': 'text/calendar; charset=utf-8',
      'cache-control': 'private, max-age=300',
      'content-disposition': 'inline; filename="firstgoal.ics"',
      etag,
    };
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(body, 200, headers);
  });

import { all, byAction, siteAdminOnly, unauthenticated, type Table } from './authorization-rows';
import { t, type Cell } from './authorization-world';

/*
 * A league's banter and open log (issue 32), its matchday stories and pinned message (issue 33):
 * members only. A site admin (no team in the league)
 * may read and remove messages but not post, edit, react or report; the league admin removes
 * anyone's message; nobody edits another's. Rows that post run on a new league per cell, so no
 * identity meets the 10-a-minute limit of another row.
 */

const league = (c: Cell) => `/api/leagues/${c.scene.league.id}`;
const membersOnly = '403 MEMBERS_ONLY';
/** Members (the league admin plays too) may; site admins may read and moderate. */
const readers = all(membersOnly, {
  visitor: unauthenticated,
  member: 'ok',
  leagueAdmin: 'ok',
  siteAdmin: 'ok',
});

/**
 * A message of the cell's league, posted by the member (or the league admin). An identity that
 * cannot post (the deleted account of deleted-account.test.ts) gets one written directly.
 */
const message = async (c: Cell, by: 'member' | 'leagueAdmin' = 'member') => {
  const posted = await c.scene.agents[by].post(`${league(c)}/messages`, {
    text: `Message ${c.n} from the ${by}`,
  });
  if (posted.status === 201) return `${league(c)}/messages/${posted.body.message.id as string}`;
  const id = `authz_message_${c.n}`;
  await t.services.database.db
    .insertInto('league_messages')
    .values({
      id,
      league_id: c.scene.league.id,
      team_name: 'Gone FC',
      body: 'Seeded',
      created_at: new Date().toISOString(),
    })
    .execute();
  return `${league(c)}/messages/${id}`;
};

export const feedTable: Table = {
  'GET /api/leagues/{leagueId}/messages': {
    ...byAction('readFeed'),
    request: (c) => ({ path: `${league(c)}/messages` }),
  },
  'POST /api/leagues/{leagueId}/messages': {
    state: 'league',
    ...byAction('post'),
    request: (c) => ({ path: `${league(c)}/messages`, body: { text: `Hello ${c.n}` } }),
  },
  'PATCH /api/leagues/{leagueId}/messages/{messageId}': {
    state: 'league',
    expect: all(membersOnly, {
      visitor: unauthenticated,
      member: 'ok',
      leagueAdmin: '403 NOT_YOUR_MESSAGE',
      halfRemoved: '403 NOT_YOUR_MESSAGE',
    }),
    request: async (c) => ({ path: await message(c), body: { text: 'Edited' } }),
  },
  'DELETE /api/leagues/{leagueId}/messages/{messageId}': {
    state: 'league',
    // Another member removes no one's message but their own.
    expect: { ...readers, halfRemoved: '403 NOT_YOUR_MESSAGE' },
    request: async (c) => ({ path: await message(c) }),
  },
  'PUT /api/leagues/{leagueId}/messages/{messageId}/reactions/{emoji}': {
    state: 'league',
    ...byAction('post'),
    request: async (c) => ({ path: `${await message(c)}/reactions/${encodeURIComponent('🔥')}` }),
  },
  'DELETE /api/leagues/{leagueId}/messages/{messageId}/reactions/{emoji}': {
    state: 'league',
    ...byAction('post'),
    request: async (c) => ({ path: `${await message(c)}/reactions/${encodeURIComponent('🔥')}` }),
  },
  'POST /api/leagues/{leagueId}/messages/{messageId}/report': {
    state: 'league',
    // Nobody reports their own message.
    expect: all(membersOnly, {
      visitor: unauthenticated,
      member: 'ok',
      leagueAdmin: '403 FORBIDDEN',
    }),
    request: async (c) => ({ path: `${await message(c, 'leagueAdmin')}/report`, body: {} }),
  },
  'PUT /api/leagues/{leagueId}/feed/read': {
    ...byAction('post'),
    request: (c) => ({ path: `${league(c)}/feed/read` }),
  },
  'PUT /api/leagues/{leagueId}/feed/settings': {
    ...byAction('post'),
    request: (c) => ({ path: `${league(c)}/feed/settings`, body: { notify: false } }),
  },
  'GET /api/leagues/{leagueId}/log': {
    ...byAction('readFeed'),
    request: (c) => ({ path: `${league(c)}/log` }),
  },
  'GET /api/leagues/{leagueId}/stories': {
    ...byAction('readFeed'),
    request: (c) => ({ path: `${league(c)}/stories` }),
  },
  // Only the league admin pins, and only a message of their own.
  'PUT /api/leagues/{leagueId}/pin': {
    state: 'league',
    ...byAction(['post', 'administer']),
    request: async (c) => {
      const path = await message(c, 'leagueAdmin');
      return { path: `${league(c)}/pin`, body: { messageId: path.split('/').at(-1) } };
    },
  },
  'DELETE /api/leagues/{leagueId}/pin': {
    state: 'league',
    ...byAction(['readFeed', 'moderate']),
    request: (c) => ({ path: `${league(c)}/pin` }),
  },
  'GET /api/admin/message-reports': {
    expect: siteAdminOnly,
    request: () => ({ path: '/api/admin/message-reports' }),
  },
};

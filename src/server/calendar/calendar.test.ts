import { beforeAll, describe, expect, it } from 'vitest';
import { hoursFrom, insertFixtures } from '../../../tests/setup/fixtures';
import { createLeague, player } from '../../../tests/setup/leagues';
import { appPerFile, type Agent } from '../../../tests/setup/test-app';

// A season of our own, after the built-in fixtures, so it is the current one.
const season = '2030-31';
const start = new Date('2031-03-01T09:00:00Z');
const t = appPerFile({ now: () => start });

beforeAll(async () => {
  await insertFixtures(t, [
    {
      id: 'ca_done',
      kickoffAt: hoursFrom(start, -48),
      round: 'Matchday 29',
      season,
      home: 'Arsenal FC',
      away: 'Chelsea FC',
      status: 'final',
    },
    {
      id: 'ca_next',
      kickoffAt: hoursFrom(start, 20),
      round: 'Matchday 30',
      season,
      home: 'Leeds United FC',
      away: 'Everton FC',
    },
    {
      id: 'ca_open',
      kickoffAt: hoursFrom(start, 26),
      round: 'Matchday 30',
      season,
      home: 'Fulham FC',
      away: 'Burnley FC',
    },
    {
      id: 'ca_moved',
      kickoffAt: hoursFrom(start, 30),
      round: 'Matchday 30',
      season,
      home: 'Brentford FC',
      away: 'Wolverhampton Wanderers FC',
      status: 'postponed',
    },
    {
      id: 'ca_tbd',
      kickoffAt: hoursFrom(start, 700),
      round: 'Final',
      season,
      home: 'TBD',
      away: 'TBD',
    },
    {
      id: 'ca_other',
      competitionId: 'la_liga_2025',
      kickoffAt: hoursFrom(start, 20),
      round: 'Jornada 1',
      home: 'Real Madrid',
      away: 'FC Barcelona',
    },
  ]);
  await t.services.database.db
    .updateTable('fixtures')
    .set({ home_score: 2, away_score: 1, first_goal_minute: 23, venue: 'Emirates Stadium' })
    .where('id', '=', 'ca_done')
    .execute();
});

/** The feed's content lines, unfolded (RFC 5545 §3.1). */
const unfold = (body: string) => body.replace(/\r\n /g, '').split('\r\n');
const events = (body: string) =>
  body
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((chunk) => unfold(`BEGIN:VEVENT${chunk}`).join('\n'));

const feedPath = (url: string) => new URL(url).pathname;

describe('calendar feed', () => {
  let owner: Agent;
  let url = '';

  it('is made on request, private to its token, and lists the season of the player’s leagues with picks, deadlines and alarms', async () => {
    owner = await player(t, 'Cal');
    const { teams } = await createLeague(owner, 'Calendar League', 'Lions', {
      secondTeamName: 'Tigers',
    });
    const [lions, tigers] = teams;
    await owner.put('/api/predictions', {
      teamId: lions?.id,
      predictions: [{ fixtureId: 'ca_next', outcome: '1', firstGoalMinute: 12, joker: true }],
    });
    await owner.put('/api/predictions', {
      teamId: tigers?.id,
      predictions: [{ fixtureId: 'ca_next', outcome: 'X' }],
    });
    // A scored pick from before (as a bulk load or an earlier season would leave it).
    await t.services.database.db
      .insertInto('predictions')
      .values({
        team_id: lions?.id ?? '',
        fixture_id: 'ca_done',
        outcome: '1',
        first_goal_minute: 23,
        points: 4,
        created_at: start.toISOString(),
        updated_at: start.toISOString(),
      })
      .execute();

    expect((await owner.get('/api/calendar')).body).toEqual({ url: null });
    const made = await owner.post('/api/calendar');
    expect(made.status).toBe(201);
    url = made.body.url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/feed\/[\w-]{32}\.ics$/);
    expect((await owner.get('/api/calendar')).body).toEqual({ url });

    // A calendar app reads it signed out.
    const feed = await t.agent().get(feedPath(url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = String(feed.body);
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const list = events(body);
    expect(list).toHaveLength(4); // not the TBD final, not La Liga
    const [done, next, open, moved] = list;
    expect(done).toContain('SUMMARY:Arsenal FC 2–1 Chelsea FC');
    expect(done).toContain('LOCATION:Emirates Stadium');
    expect(done).toContain('Lions (Calendar League): 1 · first goal 23′ · 4 points');
    expect(done).not.toContain('Predictions close');
    expect(done).not.toContain('VALARM');

    expect(next).toContain('UID:ca_next@localhost:3000');
    expect(next).toContain('DTSTART:20310302T050000Z');
    expect(next).toContain('DTEND:20310302T065500Z');
    expect(next).toContain('SUMMARY:Leeds United FC – Everton FC');
    expect(next).toContain(
      'DESCRIPTION:Premier League · Matchday 30\\nPredictions close at kick-off.',
    );
    expect(next).toContain('Lions (Calendar League): 1 · first goal 12′ · joker');
    expect(next).toContain('Tigers (Calendar League): X');
    expect(next).toContain('Your predictions: http://localhost:3000/premier-league');
    expect(next).not.toContain('VALARM'); // both teams have picked

    expect(open).toContain('Lions (Calendar League): no prediction yet');
    expect(open).toContain('BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT60M');
    expect(open).toContain('Prediction missing: Fulham FC – Burnley FC kicks off in 1 hour.');
    expect(moved).toContain('SUMMARY:Postponed: Brentford FC – Wolverhampton Wanderers FC');
    expect(moved).toContain('STATUS:TENTATIVE');

    // Unchanged since the app last asked: 304.
    const etag = feed.headers.get('etag') ?? '';
    const again = await t
      .agent()
      .request('GET', feedPath(url), undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('speaks the player’s language', async () => {
    await owner.put('/api/account/locale', { locale: 'de' });
    const body = String((await t.agent().get(feedPath(url))).body);
    expect(unfold(body).join('\n')).toContain('Lions (Calendar League): noch kein Tipp');
    expect(body).toContain('X-WR-CALNAME:FirstGoal-Spiele');
    await owner.put('/api/account/locale', { locale: 'en' });
  });

  it('stops answering an address replaced by a new one, and refuses made-up ones', async () => {
    const renewed = (await owner.post('/api/calendar')).body.url;
    expect(renewed).not.toBe(url);
    expect((await t.agent().get(feedPath(renewed))).status).toBe(200);
    for (const path of [
      feedPath(url),
      '/api/calendar/feed/not-a-real-token-at-all.ics',
      '/api/calendar/feed/x.ics',
      `${feedPath(renewed).slice(0, -4)}.txt`,
    ]) {
      const res = await t.agent().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe('CALENDAR_FEED_INVALID');
    }
    expect((await owner.delete('/api/calendar')).body).toEqual({ url: null });
    expect((await t.agent().get(feedPath(renewed))).status).toBe(404);
    expect((await t.agent().get('/api/calendar')).status).toBe(401);
    expect((await t.agent().post('/api/calendar')).status).toBe(401);
  });
});

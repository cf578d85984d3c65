import { describe, expect, it } from 'vitest';
import { firstGoalMinuteOf, goalTime } from './first-goal';
import { externalKey, parseOpenFootball, type ParsedRow } from './import';
import { parseFixtureCsv } from './import-csv';
import { planImport, roundOrders, type StoredFixture } from './import-plan';

const regular = (home: number, away: number) => ({ home, away });

describe('firstGoalMinuteOf', () => {
  it.each([
    ['45+2 comes before 46', [{ minute: '46' }, { minute: '45+2' }], 45],
    ['89 comes before 90+4', [{ minute: '90+4' }, { minute: '89' }], 89],
    ['90+4 counts 90', [{ minute: '90+4' }, { minute: '90+6' }], 90],
    [
      'minute 90 with offset 9 counts 90',
      [
        { minute: 90, offset: 9 },
        { minute: 90, offset: 11 },
      ],
      90,
    ],
    ['45 with offset 1 before 46', [{ minute: 46 }, { minute: 45, offset: 1 }], 45],
    ['stoppage written 93 counts 90', [{ minute: '93' }, { minute: '90+5' }], 90],
  ])('%s', (_name, goals, minute) =>
    expect(firstGoalMinuteOf({ regular: regular(1, 1), goals })).toBe(minute),
  );

  it('0-0 after 90 is minute 0, even with extra-time goals', () => {
    expect(
      firstGoalMinuteOf({ regular: regular(0, 0), totalGoals: 1, goals: [{ minute: '106' }] }),
    ).toBe(0);
    expect(firstGoalMinuteOf({ regular: regular(0, 0), goals: null })).toBe(0);
  });

  it('extra-time goals never come first: a regular-time goal does', () => {
    const goals = [{ minute: '106' }, { minute: '88' }, { minute: '118' }];
    expect(firstGoalMinuteOf({ regular: regular(1, 0), totalGoals: 3, goals })).toBe(88);
  });

  it('is unknown without goal data or with an incomplete list', () => {
    expect(firstGoalMinuteOf({ regular: regular(2, 1), goals: undefined })).toBeNull();
    expect(firstGoalMinuteOf({ regular: regular(2, 1), goals: [{ minute: '12' }] })).toBeNull();
    expect(firstGoalMinuteOf({ regular: regular(1, 0), goals: [{ minute: 'late' }] })).toBeNull();
  });

  it('reads the written forms', () => {
    expect(goalTime({ minute: '45+3' })).toEqual([45, 3]);
    expect(goalTime({ minute: 90, offset: 9 })).toEqual([90, 9]);
    expect(goalTime({ minute: '106' })).toEqual([106, 0]);
    expect(goalTime({ minute: 0 })).toBeNull();
  });
});

const match = (extra: Record<string, unknown>) => ({
  round: 'Final',
  date: '2026-07-19',
  time: '15:00 UTC-4',
  team1: 'Spain',
  team2: 'Argentina',
  ...extra,
});
const parseOne = (m: Record<string, unknown>, zone = 'Europe/London') => {
  const parsed = parseOpenFootball(JSON.stringify({ matches: [m] }), zone);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.rows[0] as ParsedRow;
};

describe('parseOpenFootball', () => {
  it('a final level after 90 with an extra-time goal is an X with minute 0', () => {
    const row = parseOne(
      match({
        score: { ft: [0, 0], et: [1, 0] },
        goals1: [{ name: 'A', minute: '106' }],
        goals2: [],
      }),
    );
    expect(row).toMatchObject({
      ok: true,
      kickoffAt: '2026-07-19T19:00:00.000Z',
      result: { homeScore: 0, awayScore: 0, firstGoalMinute: 0 },
    });
  });

  it('takes the earliest goal across both teams; 45+2 before 46', () => {
    const row = parseOne(
      match({
        score: { ft: [1, 1] },
        goals1: [{ name: 'A', minute: '46' }],
        goals2: [{ name: 'B', minute: '45+2', owngoal: true }],
      }),
    );
    expect(row.result).toEqual({ homeScore: 1, awayScore: 1, firstGoalMinute: 45 });
  });

  it('the 2022 shape: minute 90 with offset 9', () => {
    const row = parseOne(
      match({
        time: '22:00',
        score: { ft: [0, 1] },
        goals1: [],
        goals2: [{ name: 'K', minute: 90, offset: 9 }],
      }),
      'Asia/Qatar',
    );
    expect(row).toMatchObject({
      kickoffAt: '2026-07-19T19:00:00.000Z',
      result: { firstGoalMinute: 90 },
    });
  });

  it('a result without goal data has an unknown minute; no score means no result', () => {
    expect(parseOne(match({ score: { ft: [2, 1] } })).result?.firstGoalMinute).toBeNull();
    expect(parseOne(match({ score: {} })).result).toBeUndefined();
  });

  it('reads a bare [h, a] score, a date without a time and a postponed match', () => {
    expect(parseOne(match({ score: [2, 1] })).result).toEqual({
      homeScore: 2,
      awayScore: 1,
      firstGoalMinute: null,
    });
    // No time yet: 11:00 local on the date (picks close then), not confirmed.
    const dateOnly = parseOne(match({ date: '2026-11-29', time: undefined }), 'Europe/Madrid');
    expect(dateOnly).toMatchObject({
      ok: true,
      kickoffAt: '2026-11-29T10:00:00.000Z',
      timeConfirmed: false,
    });
    expect(parseOne(match({}))).toMatchObject({ timeConfirmed: true });
    const postponed = parseOne(
      match({ time: undefined, status: 'postponed', score: { ft: [1, 0] } }),
    );
    expect(postponed).toMatchObject({ ok: true, status: 'postponed', timeConfirmed: false });
    expect(postponed.result).toBeUndefined();
    expect(parseOne(match({ round: '3. Round' })).round).toBe('Matchday 3');
  });

  it('rejects unreadable matches and refuses a file that is not JSON', () => {
    expect(parseOne(match({ date: '2026-02-30' }))).toMatchObject({ ok: false });
    expect(parseOne(match({ team2: '' }))).toMatchObject({ ok: false });
    expect(parseOpenFootball('{"matches": [', 'UTC')).toEqual({
      ok: false,
      error: 'The file is not valid JSON.',
    });
  });
});

describe('parseFixtureCsv', () => {
  const csv = [
    'date,time,time_zone,home,away,round',
    '2030-03-29,15:00,,Arsenal,Chelsea,Matchday 1',
    '2030-03-30,15:00,Europe/Berlin,"Bayern, München",Dortmund,Matchday 1',
    '2025-13-40,15:00,,Leeds,Burnley,Matchday 1',
    '2030-03-31,25:00,,Leeds,Burnley,Matchday 1',
    '2030-03-31,15:00,Mars/Olympus,Leeds,Burnley,Matchday 1',
    '2030-03-31,15:00,,,Burnley,Matchday 1',
  ].join('\r\n');

  it('reads rows in the row zone or the default one; rejects bad ones with a reason', () => {
    const parsed = parseFixtureCsv(csv, 'Europe/London');
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.rows.map((r) => (r.ok ? r.kickoffAt : r.reason))).toEqual([
      '2030-03-29T15:00:00.000Z',
      '2030-03-30T14:00:00.000Z', // CET: summer time starts on the 31st
      "Invalid date '2025-13-40' (use YYYY-MM-DD).",
      "Invalid time '25:00' (use HH:MM, 00:00-23:59).",
      "Unknown time zone 'Mars/Olympus' (use an IANA name such as Europe/London).",
      'Home and away team are required.',
    ]);
    expect(parsed.rows[1]).toMatchObject({ homeTeam: 'Bayern, München', line: 3 });
  });

  it('refuses a file without the header', () => {
    expect(parseFixtureCsv('a,b\n1,2', 'UTC')).toMatchObject({ ok: false });
  });
});

describe('planImport', () => {
  const stored = (extra: Partial<StoredFixture>): StoredFixture => ({
    id: 'cup_1',
    round: 'Matchday 1',
    kickoffAt: '2030-03-29T15:00:00.000Z',
    timeConfirmed: true,
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    status: 'scheduled',
    homeScore: null,
    awayScore: null,
    firstGoalMinute: null,
    externalId: null,
    ...extra,
  });
  const row = (extra: Partial<ParsedRow>): ParsedRow => ({
    ok: true,
    index: 0,
    round: 'Matchday 1',
    kickoffAt: '2030-03-29T15:00:00.000Z',
    timeConfirmed: true,
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
    venue: null,
    ...extra,
  });

  it('recognises a fixture by key, a moved kick-off as changed, a new one as new', () => {
    const plan = planImport(
      [
        row({ kickoffAt: '2030-03-30T15:00:00.000Z' }),
        row({ index: 1, homeTeam: 'Leeds', awayTeam: 'Burnley' }),
      ],
      [stored({})],
    );
    expect(plan.map((p) => p.status)).toEqual(['changed', 'new']);
    expect(plan[0]).toMatchObject({ fixtureId: 'cup_1', changes: ['kickoffAt'] });
  });

  it('finds a match moved to another round by its teams, and TBD teams by round + kick-off', () => {
    const plan = planImport(
      [
        row({ round: 'Matchday 9' }),
        row({ index: 1, round: 'Final', homeTeam: 'Spain', awayTeam: 'Italy' }),
      ],
      [stored({}), stored({ id: 'cup_2', round: 'Final', homeTeam: 'TBD', awayTeam: 'TBD' })],
    );
    expect(plan).toMatchObject([
      { status: 'changed', fixtureId: 'cup_1', changes: ['round'] },
      { status: 'changed', fixtureId: 'cup_2', changes: ['homeTeam', 'awayTeam'] },
    ]);
  });

  it('a source never moves a played match into the future; the rest of its row applies', () => {
    const final = stored({ status: 'final', homeScore: 2, awayScore: 1, firstGoalMinute: 12 });
    const now = new Date('2030-04-01T12:00:00.000Z');
    const plan = planImport(
      [row({ kickoffAt: '2030-04-05T15:00:00.000Z', venue: 'Elsewhere', round: 'Matchday 2' })],
      [final],
      { by: 'espn', now, precedence: () => 20 },
    );
    expect(plan[0]).toMatchObject({ status: 'changed', changes: ['round'] });
    // An admin may (a result entered by mistake is theirs to take back).
    expect(
      planImport([row({ kickoffAt: '2030-04-05T15:00:00.000Z' })], [final], { now })[0],
    ).toMatchObject({ status: 'changed', changes: ['kickoffAt'] });
  });

  it('a file without goal minutes keeps a stored minute of the same score', () => {
    const final = stored({ status: 'final', homeScore: 2, awayScore: 1, firstGoalMinute: 12 });
    const result = { homeScore: 2, awayScore: 1, firstGoalMinute: null };
    expect(planImport([row({ result })], [final])[0]?.status).toBe('unchanged');
    const corrected = { homeScore: 2, awayScore: 2, firstGoalMinute: null };
    expect(planImport([row({ result: corrected })], [final])[0]).toMatchObject({
      update: { awayScore: 2, firstGoalMinute: null },
    });
  });

  it('follows postponements and their end, and keeps a known time when the file has only the date', () => {
    const postponed = planImport([row({ status: 'postponed' })], [stored({})]);
    expect(postponed[0]).toMatchObject({ status: 'changed', update: { status: 'postponed' } });
    const back = planImport(
      [row({ kickoffAt: '2030-04-08T18:45:00.000Z' })],
      [stored({ status: 'postponed' })],
    );
    expect(back[0]).toMatchObject({
      update: { status: 'scheduled', kickoffAt: '2030-04-08T18:45:00.000Z' },
    });
    // A live match is not moved back by a file without its result.
    expect(planImport([row({})], [stored({ status: 'live' })])[0]?.status).toBe('unchanged');
    const dateOnly = row({ kickoffAt: '2030-03-29T10:00:00.000Z', timeConfirmed: false });
    expect(planImport([dateOnly], [stored({})])[0]?.status).toBe('unchanged');
    // Moved to the day before, time not known yet: the placeholder, not the old time.
    const dayBefore = row({ kickoffAt: '2030-03-28T11:00:00.000Z', timeConfirmed: false });
    const saturday = stored({ kickoffAt: '2030-03-29T10:30:00.000Z' });
    expect(planImport([dayBefore], [saturday], { timeZone: 'Europe/London' })[0]).toMatchObject({
      update: { kickoffAt: '2030-03-28T11:00:00.000Z', timeConfirmed: false },
    });
    const timeKnown = planImport(
      [row({ kickoffAt: '2030-03-29T19:00:00.000Z' })],
      [stored({ kickoffAt: '2030-03-29T10:00:00.000Z', timeConfirmed: false })],
    );
    expect(timeKnown[0]).toMatchObject({
      changes: ['kickoffAt', 'timeConfirmed'],
      update: { kickoffAt: '2030-03-29T19:00:00.000Z', timeConfirmed: true },
    });
  });

  it('never lets a source change what an admin set, and rejects a result before kick-off', () => {
    const result = { homeScore: 2, awayScore: 1, firstGoalMinute: null };
    const byHand = stored({
      kickoffAt: '2030-03-29T16:00:00.000Z',
      origins: { kickoff: 'admin', status: 'admin' },
    });
    const plan = planImport([row({ result })], [byHand], { by: 'openfootball' });
    expect(plan[0]?.status).toBe('unchanged');
    // An admin's own import may change anything.
    expect(planImport([row({ result })], [byHand])[0]).toMatchObject({
      changes: ['kickoffAt', 'status', 'homeScore', 'awayScore'],
    });
    const early = planImport([row({ result })], [stored({})], {
      now: new Date('2030-03-29T14:00:00Z'),
    });
    expect(early[0]).toMatchObject({
      status: 'rejected',
      reason: 'A result for a match whose kick-off is still ahead.',
    });
    // An admin moved the match to a later date; the file still has the old one and a score.
    const movedByHand = stored({
      kickoffAt: '2030-04-05T15:00:00.000Z',
      origins: { kickoff: 'admin' },
    });
    const stale = planImport([row({ result })], [movedByHand], {
      by: 'openfootball',
      now: new Date('2030-03-30T12:00:00Z'),
    });
    expect(stale[0]).toMatchObject({ status: 'rejected' });
  });

  it('rejects the same match twice in one file', () => {
    const plan = planImport([row({}), row({ index: 1 })], []);
    expect(plan.map((p) => p.status)).toEqual(['new', 'rejected']);
  });

  it('keys ignore case and accents; round orders follow first kick-offs', () => {
    expect(externalKey(' Final ', 'Atlético  Madrid', 'x')).toBe('final|atletico madrid|x');
    const orders = roundOrders(
      [row({ round: 'Final', kickoffAt: '2030-07-01T00:00:00Z' }), row({ round: 'Group A' })],
      new Map([['Group A', 4]]),
    );
    expect([...orders]).toEqual([
      ['Group A', 4],
      ['Final', 2],
    ]);
    expect([...roundOrders([row({ round: 'Matchday 14' })], new Map())]).toEqual([
      ['Matchday 14', 14],
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zonedDateTime, zonedLocalToUtc } from '../../src/domain/kickoff';
import { sharedPath } from './shared';

/**
 * ESPN's scoreboard for whole seasons (issue 50), on 127.0.0.1: month answers
 * (`scoreboard?dates=YYYYMM&limit=500`) in ESPN's shape — each event cloned from a recorded one
 * (the 2026 Champions League final), its league's `season` and `calendar` as ESPN writes them —
 * built from real fixture lists (openfootball's files of an earlier season, moved to 2026-27).
 * Date ranges answer 400 as ESPN's do since September 2026; `limit` above 500 gives 25 events.
 * Every other path answers 404 (openfootball's missing season file). Every request is recorded.
 */

export interface SeasonMatch {
  id: string;
  /** ISO instant. */
  kickoffAt: string;
  home: string;
  away: string;
  /** ESPN's stage slug ('league-phase', 'round-of-16'); a league's 'regular-season'. */
  stage?: string;
  /** Placeholder slots ('Group A Winner'): `isActive: false`. */
  tbd?: boolean;
  state?: 'pre' | 'in' | 'post';
  score?: [number, number];
  /** Goals as ESPN lists them: `clock` like `14'`, `45'+2'`. */
  goals?: { clock: string; home: boolean }[];
  name?: string;
}

export interface SeasonOfLeague {
  year: number;
  displayName: string;
  startDate: string;
  endDate: string;
  /** A tournament's stages: `leagues[0].calendar[0].entries`. */
  stages?: { label: string; startDate: string; endDate: string }[];
}

export interface League {
  seasons: SeasonOfLeague[];
  matches: SeasonMatch[];
}

const recordedFinal = () =>
  (
    JSON.parse(
      readFileSync(
        sharedPath('data/live/espn/uefa.champions_scoreboard_2026-05-30_final.json'),
        'utf8',
      ),
    ) as { leagues: Record<string, unknown>[]; events: Record<string, unknown>[] }
  ).events[0] as Record<string, unknown> & {
    competitions: (Record<string, unknown> & {
      competitors: (Record<string, unknown> & { team: Record<string, unknown> })[];
    })[];
  };

let template: ReturnType<typeof recordedFinal> | null = null;

const statusOf = (m: SeasonMatch) => {
  const state = m.state ?? 'pre';
  const name =
    state === 'pre'
      ? 'STATUS_SCHEDULED'
      : state === 'in'
        ? 'STATUS_SECOND_HALF'
        : 'STATUS_FULL_TIME';
  return {
    clock: 0,
    displayClock: state === 'in' ? "67'" : state === 'post' ? "90'+4'" : "0'",
    period: state === 'pre' ? 0 : 2,
    type: { id: '1', name, state, completed: state === 'post' },
  };
};

/** One event in ESPN's shape. */
export const espnSeasonEvent = (m: SeasonMatch, seasonYear: number) => {
  template ??= recordedFinal();
  const event = structuredClone(template);
  const competition = event.competitions[0];
  if (!competition) throw new Error('recorded event without a competition');
  const side = (name: string, homeAway: 'home' | 'away', n: number) => {
    const recorded = competition.competitors.find((c) => c.homeAway === homeAway);
    const id = `${m.id}${homeAway === 'home' ? '1' : '2'}`;
    return {
      ...recorded,
      id,
      homeAway,
      score: String(m.state && m.state !== 'pre' ? (m.score?.[n] ?? 0) : 0),
      winner: false,
      team: {
        ...recorded?.team,
        id,
        displayName: name,
        shortDisplayName: name,
        name,
        location: name,
        abbreviation: name.slice(0, 3).toUpperCase(),
        isActive: !m.tbd,
        logo: m.tbd ? '' : recorded?.team.logo,
      },
    };
  };
  const home = side(m.home, 'home', 0);
  const away = side(m.away, 'away', 1);
  const date = m.kickoffAt.replace(':00.000Z', 'Z');
  const status = statusOf(m);
  return {
    ...event,
    id: m.id,
    uid: `s:600~l:0~e:${m.id}`,
    date,
    name: m.name ?? `${m.away} at ${m.home}`,
    shortName: `${away.team.abbreviation} @ ${home.team.abbreviation}`,
    season: { year: seasonYear, type: 1, slug: m.stage ?? 'regular-season' },
    status,
    competitions: [
      {
        ...competition,
        id: m.id,
        date,
        startDate: date,
        timeValid: true,
        status,
        notes: [],
        competitors: [home, away],
        details: (m.goals ?? []).map((g) => ({
          type: { id: '70', text: 'Goal' },
          clock: { value: 0, displayValue: g.clock },
          team: { id: g.home ? home.id : away.id },
          scoringPlay: true,
          shootout: false,
          ownGoal: false,
          penaltyKick: false,
        })),
      },
    ],
  };
};

const easternMonth = (iso: string) =>
  zonedDateTime(new Date(iso), 'America/New_York').date.slice(0, 7).replace('-', '');

/**
 * ESPN's scoreboard answer for one league's month (`dates=YYYYMM`) of the seasons given: the
 * season of that month in `leagues[0]` and its events. `full` names months answered with exactly
 * the limit of events, as ESPN cuts them. Shared by the season stand-in and the live one.
 */
export const seasonAnswer = (
  leagues: ReadonlyMap<string, League>,
  full: ReadonlySet<string>,
  code: string,
  month: string,
) => {
  const seasonAt = (league: League, month: string) =>
    league.seasons.find(
      (s) => easternMonth(s.startDate) <= month && month <= easternMonth(s.endDate),
    ) ?? league.seasons.at(-1);

  const league = leagues.get(code);
  if (!league) return { leagues: [], events: [] };
  const season = seasonAt(league, month);
  if (!season) return { leagues: [], events: [] };
  let events = league.matches
    .filter((m) => easternMonth(m.kickoffAt) === month)
    .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))
    .map((m) => espnSeasonEvent(m, season.year));
  // Cut short as ESPN cuts: exactly the limit (the month's events repeated up to it).
  if (full.has(`${code}:${month}`) && events.length > 0)
    events = Array.from(
      { length: 500 },
      (_, i) => events[i % events.length] as (typeof events)[number],
    );
  return {
    leagues: [
      {
        id: '0',
        slug: code,
        season: {
          year: season.year,
          startDate: season.startDate,
          endDate: season.endDate,
          displayName: season.displayName,
          type: { id: '1', type: 1, name: 'Regular Season', abbreviation: season.displayName },
        },
        calendarType: season.stages ? 'list' : 'day',
        calendar: season.stages
          ? [
              {
                label: season.displayName,
                entries: season.stages.map((s, i) => ({
                  ...s,
                  value: String(i + 1),
                  detail: '',
                })),
              },
            ]
          : [],
      },
    ],
    events,
  };
};

export const startEspnSeasonServer = async () => {
  const leagues = new Map<string, League>();
  const requests: string[] = [];
  let refusing = false;
  /** Months answered with exactly `limit` events, as if cut short. */
  const full = new Set<string>();

  const answer = (code: string, month: string) => seasonAnswer(leagues, full, code, month);

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (refusing) return req.socket.destroy();
    const scoreboard = /^\/apis\/site\/v2\/sports\/soccer\/([^/]+)\/scoreboard$/.exec(url.pathname);
    const dates = url.searchParams.get('dates') ?? '';
    if (!scoreboard || !/^\d{6}$/.test(dates)) {
      const status = scoreboard && dates.includes('-') ? 400 : 404;
      return res.writeHead(status, { 'content-type': 'text/plain' }).end(`${status}`);
    }
    const body = answer(decodeURIComponent(scoreboard[1] ?? ''), dates);
    if (Number(url.searchParams.get('limit') ?? '100') >= 600)
      body.events = body.events.slice(0, 25);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** A league's seasons and matches (replacing what it had). */
    setLeague: (code: string, league: League) => leagues.set(code, league),
    /** Replaces matches by id, adds the others. */
    updateMatches: (code: string, matches: SeasonMatch[]) => {
      const league = leagues.get(code);
      if (!league) return;
      const ids = new Set(matches.map((m) => m.id));
      league.matches = [...league.matches.filter((m) => !ids.has(m.id)), ...matches];
    },
    removeMatches: (code: string, ids: string[]) => {
      const league = leagues.get(code);
      if (league) league.matches = league.matches.filter((m) => !ids.includes(m.id));
    },
    /** A month answered with the limit's worth of events (ESPN's cut-off). */
    cutShort: (code: string, month: string) => full.add(`${code}:${month}`),
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type EspnSeasonServer = Awaited<ReturnType<typeof startEspnSeasonServer>>;

interface OpenFootballFileMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
}

/** An ESPN stage slug for an openfootball Champions League round ('Finals, Round of 16'). */
const clStage = (round: string) => {
  if (round.startsWith('League')) return 'league-phase';
  if (round.startsWith('Playoffs')) return 'knockout-round-playoffs';
  const stage = round.replace(/^Finals, /, '');
  return stage.toLowerCase().replace(/\s+/g, '-');
};

/**
 * A real season's matches (openfootball's file under ../shared/data/football.json) as ESPN lists
 * them, moved `years` later (same day and month), kick-offs at the file's local times (20:00
 * where it has none), ids from `firstId`. Clubs lose openfootball's country suffix ('(ENG)').
 */
export const seasonFromOpenFootball = (
  file: string,
  options: { years: number; timeZone: string; firstId: number; tournament?: boolean },
): SeasonMatch[] => {
  const { matches } = JSON.parse(
    readFileSync(sharedPath(`data/football.json/${file}`), 'utf8'),
  ) as { matches: OpenFootballFileMatch[] };
  const club = (name: string) => name.replace(/\s*\([A-Z]{3}\)$/, '');
  return matches.map((m, i) => {
    const year = Number(m.date.slice(0, 4)) + options.years;
    const date = `${year}${m.date.slice(4)}`;
    const time = /^\d{2}:\d{2}$/.test(m.time ?? '') ? (m.time as string) : '20:00';
    return {
      id: String(options.firstId + i),
      kickoffAt: zonedLocalToUtc(date, time, options.timeZone).toISOString(),
      home: club(m.team1),
      away: club(m.team2),
      stage: options.tournament ? clStage(m.round) : 'regular-season',
    };
  });
};

/** The 2024-25 Champions League moved to 2026-27; knockout slots undecided on 2 December. */
export const championsLeague = (): SeasonMatch[] => {
  const matches = seasonFromOpenFootball('2024-25/uefa.cl.json', {
    years: 2,
    timeZone: 'Europe/Zurich',
    firstId: 780000,
    tournament: true,
  });
  /** ESPN's names for a tie's slots: the winners of the two ties before it. */
  const before: Record<string, string> = {
    quarterfinals: 'Round of 16',
    semifinals: 'Quarterfinal',
    final: 'Semifinal',
  };
  const seen = new Map<string, number>();
  return matches.map((m) => {
    if (m.stage === 'league-phase') return m;
    const stage = m.stage ?? '';
    const n = seen.get(stage) ?? 0;
    seen.set(stage, n + 1);
    const previous = before[stage];
    // Every play-off and Round of 16 slot alike ('TBD'): ESPN's ids tell the matches apart.
    if (!previous) return { ...m, tbd: true, home: 'TBD', away: 'TBD' };
    // First legs, then second legs (the home side swapped); a final is one match.
    const ties = Math.max(1, matches.filter((x) => x.stage === stage).length / 2);
    const tie = n % ties;
    const [a, b] = [`${previous} ${2 * tie + 1} Winner`, `${previous} ${2 * tie + 2} Winner`];
    return {
      ...m,
      tbd: true,
      ...(n < ties || stage === 'final' ? { home: a, away: b } : { home: b, away: a }),
    };
  });
};
const clStages = [
  ['League Phase', '2026-08-28T07:00Z', '2027-01-30T07:59Z'],
  ['Knockout Round Playoffs', '2027-01-30T08:00Z', '2027-02-27T07:59Z'],
  ['Rd of 16', '2027-02-27T08:00Z', '2027-03-20T06:59Z'],
  ['Quarterfinals', '2027-03-20T07:00Z', '2027-04-17T06:59Z'],
  ['Semifinals', '2027-04-17T07:00Z', '2027-05-08T06:59Z'],
  ['Final', '2027-05-08T07:00Z', '2027-07-01T06:59Z'],
].map(([label, startDate, endDate]) => ({
  label: label as string,
  startDate: startDate as string,
  endDate: endDate as string,
}));

/** The Champions League's 2026-27 season as ESPN names it (its stages in the calendar). */
export const championsLeagueSeason: SeasonOfLeague = {
  year: 2026,
  displayName: '2026-27 UEFA Champions League',
  startDate: '2026-07-01T04:00Z',
  endDate: '2027-07-01T03:59Z',
  stages: clStages,
};

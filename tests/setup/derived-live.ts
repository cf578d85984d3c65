import { recordedEspnEvents, recordedOpenLigaDb } from './live-sources-server';

/**
 * Answers of the live sources for one of our fixtures, derived from recorded ones (a Bundesliga
 * event of ESPN's scoreboard of 21 March 2026, a match of OpenLigaDB's 2023-24 recording): the
 * server tests and the browser test of a match followed live build their sequences from these.
 */
export interface DerivedFixture {
  kickoffAt: string;
  homeTeam: string;
  awayTeam: string;
}

/** A goal as OpenLigaDB lists it: the score after it, and its minute (null: not given yet). */
export type DerivedGoal = { score: [number, number]; minute: number | null };

/** An ESPN event of the fixture, derived from a recorded Bundesliga one. */
export const derivedEspnEvent = (
  fixture: DerivedFixture,
  state: 'pre' | 'in' | 'post',
  score: [number, number],
  goals: { clock: string; home: boolean }[],
  displayClock: string,
) => {
  const recorded = recordedEspnEvents('soccer-all_scoreboard_2026-03-21.json').find(
    (e) => (e as unknown as { id: string }).id === '746960',
  ) as unknown as Record<string, unknown> & {
    competitions: { competitors: Record<string, unknown>[]; details: unknown[] }[];
  };
  const event = structuredClone(recorded);
  const competition = event.competitions[0];
  if (!competition) throw new Error('recorded event without a competition');
  const [home, away] = [
    competition.competitors.find((c) => c.homeAway === 'home'),
    competition.competitors.find((c) => c.homeAway === 'away'),
  ];
  if (!home || !away) throw new Error('recorded event without both sides');
  Object.assign(home, {
    score: String(score[0]),
    team: { ...(home.team as object), displayName: fixture.homeTeam },
  });
  Object.assign(away, {
    score: String(score[1]),
    team: { ...(away.team as object), displayName: fixture.awayTeam },
  });
  competition.details = goals.map((g) => ({
    type: { id: '70', text: 'Goal' },
    clock: { displayValue: g.clock },
    team: { id: g.home ? home.id : away.id },
    scoringPlay: true,
    shootout: false,
    ownGoal: false,
  }));
  return {
    ...event,
    id: '999001',
    date: fixture.kickoffAt.replace(':00.000Z', 'Z'),
    status: {
      displayClock,
      period: state === 'in' ? 2 : 0,
      type: {
        name:
          state === 'pre'
            ? 'STATUS_SCHEDULED'
            : state === 'in'
              ? 'STATUS_SECOND_HALF'
              : 'STATUS_FULL_TIME',
        state,
        completed: state === 'post',
      },
    },
  } as unknown as { uid: string; date: string };
};

/** OpenLigaDB's view of the fixture, derived from a recorded match. */
export const derivedOpenLigaDbMatch = (
  fixture: DerivedFixture,
  finished: boolean,
  goals: DerivedGoal[],
) => {
  const recorded = structuredClone(
    recordedOpenLigaDb('bl1_2023_season_rec2024-04-05T22-07.json')[0],
  ) as Record<string, unknown> & { team1: object; team2: object };
  const last = goals.at(-1)?.score ?? [0, 0];
  return {
    ...recorded,
    matchID: 990001,
    matchDateTimeUTC: fixture.kickoffAt.replace('.000Z', 'Z'),
    team1: { ...recorded.team1, teamName: fixture.homeTeam, shortName: '' },
    team2: { ...recorded.team2, teamName: fixture.awayTeam, shortName: '' },
    matchIsFinished: finished,
    matchResults: [{ resultTypeID: 2, pointsTeam1: last[0], pointsTeam2: last[1] }],
    goals: goals.map((g) => ({
      scoreTeam1: g.score[0],
      scoreTeam2: g.score[1],
      matchMinute: g.minute,
      isOvertime: false,
      comment: null,
    })),
  };
};

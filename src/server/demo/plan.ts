import { zonedDateTime } from '../../domain/kickoff';
import type { Outcome } from '../../domain/predictions';

/** What the demo league plays: its clubs, a played round with results, and each player's calls. */
export const zone = 'Europe/London';
const clubs = ['Northbridge Rovers', 'Harbour City', 'Kingsford Athletic', 'Riverside Albion'];
const more = ['Eastfield Town', 'Westgate United', 'Hillcrest Wanderers', 'Lakeside Rangers'];
/** Round 1 (played three days ago): [home, away, home goals, away goals, first goal]. */
export const played: [string, string, number, number, number][] = [
  [clubs[0] ?? '', more[0] ?? '', 2, 1, 23],
  [clubs[1] ?? '', more[1] ?? '', 0, 0, 0],
  [clubs[2] ?? '', more[2] ?? '', 1, 1, 45],
  [clubs[3] ?? '', more[3] ?? '', 0, 2, 67],
];
/** Each player's calls for round 1: [outcome, minute] per match; the joker on the first. */
export const calls: [Outcome, number][][] = [
  [
    ['1', 23],
    ['X', 0],
    ['1', 30],
    ['2', 60],
  ],
  [
    ['1', 10],
    ['1', 5],
    ['X', 45],
    ['2', 67],
  ],
  [
    ['2', 23],
    ['X', 0],
    ['X', 12],
    ['1', 80],
  ],
];

export const fixtureCsv = (now: Date) => {
  const day = (offset: number) =>
    zonedDateTime(new Date(now.getTime() + offset * 86_400_000), zone).date;
  const lines = ['date,time,home,away,round'];
  played.forEach(([home, away], i) =>
    lines.push(`${day(-3)},${i < 2 ? '15:00' : '17:30'},${home},${away},Round 1`),
  );
  const rounds: [number, string][] = [
    [2, 'Round 2'],
    [6, 'Round 3'],
    [13, 'Round 4'],
  ];
  rounds.forEach(([offset, round], r) =>
    clubs.forEach((club, i) => {
      const away = more[(i + r + 1) % more.length] ?? '';
      const [home, visitor] = r % 2 === 0 ? [away, club] : [club, away];
      lines.push(
        `${day(offset + (i % 2))},${i < 2 ? '15:00' : '19:45'},${home},${visitor},${round}`,
      );
    }),
  );
  return lines.join('\n');
};

// ESPN's scoreboard serving whole seasons for bench/live.ts's daily read (issue 50), in a
// process of its own (its building of answers is not work of the event loop measured): for
// each ESPN league code given on the command line a real season of openfootball's files
// (../shared/data/football.json) moved into 2026-27, cycling through the files. Prints its URL.
import { seasonFromOpenFootball, startEspnSeasonServer } from '../tests/setup/espn-season';

const files: [string, string, number][] = [
  ['2025-26/en.1.json', 'Europe/London', 1],
  ['2025-26/en.2.json', 'Europe/London', 1],
  ['2025-26/en.3.json', 'Europe/London', 1],
  ['2025-26/en.4.json', 'Europe/London', 1],
  ['2025-26/de.1.json', 'Europe/Berlin', 1],
  ['2025-26/es.1.json', 'Europe/Madrid', 1],
  ['2025-26/es.2.json', 'Europe/Madrid', 1],
  ['2025-26/it.1.json', 'Europe/Rome', 1],
  ['2025-26/fr.1.json', 'Europe/Paris', 1],
  ['2025-26/nl.1.json', 'Europe/Amsterdam', 1],
  ['2025-26/sco.1.json', 'Europe/London', 1],
  ['2024-25/uefa.cl.json', 'Europe/Zurich', 2],
];
const codes = process.argv.slice(2);
const espn = await startEspnSeasonServer();
codes.forEach((code, i) => {
  const [file, timeZone, years] = files[i % files.length] as [string, string, number];
  espn.setLeague(code, {
    seasons: [
      {
        year: 2026,
        displayName: `2026-27 ${code}`,
        startDate: '2026-07-01T04:00Z',
        endDate: '2027-07-01T03:59Z',
      },
    ],
    matches: seasonFromOpenFootball(file, {
      years,
      timeZone,
      firstId: 100_000 * (i + 1),
      tournament: file.includes('uefa'),
    }),
  });
});
process.stdout.write(`${espn.url}\n`);

import { describe, expect, it } from 'vitest';
import { parseAnswer } from './answer-reader';
import { espnSource } from './espn';
import { openLigaDbSource } from './openligadb';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer;

describe('reading an answer on the worker', () => {
  it('gives a long list back whole and in order, though it crosses in parts', async () => {
    const matches = Array.from({ length: 45 }, (_, i) => ({ matchID: i, goals: [{ minute: i }] }));
    expect(await parseAnswer(bytes(matches), openLigaDbSource.reading)).toEqual(matches);
    expect(await parseAnswer(bytes([]), openLigaDbSource.reading)).toEqual([]);
  });

  it('keeps of ESPN events only what the reader reads, every event in order', async () => {
    const events = Array.from({ length: 41 }, (_, i) => ({
      id: String(i),
      date: '2026-03-21T15:00Z',
      season: { year: 2026, slug: 'regular-season' },
      competitions: [
        {
          competitors: [
            { id: 'h', homeAway: 'home', score: '1', team: { displayName: `H${i}`, logo: 'x' } },
          ],
          details: [
            { scoringPlay: false, type: { text: 'Yellow Card' }, clock: { displayValue: "5'" } },
            {
              scoringPlay: true,
              shootout: false,
              clock: { displayValue: "9'", value: 540 },
              team: { id: 'h' },
            },
          ],
          venue: { fullName: 'Far away' },
        },
      ],
    }));
    const league = {
      season: { year: 2026, displayName: '2026-27 Serie B' },
      calendar: ['2026-08-22T07:00Z'],
      logos: [{ href: 'x' }],
    };
    const leagues = [league, { ...league, season: { year: 1999 } }];
    const read = (await parseAnswer(bytes({ leagues, events }), espnSource.reading)) as {
      events: { id: string; competitions: { details: unknown[] }[] }[];
      leagues?: unknown;
    };
    expect(read.events.map((e) => e.id)).toEqual(events.map((e) => e.id));
    // The season and calendar of the first league only (issue 50).
    expect(read.leagues).toEqual([{ season: league.season, calendar: league.calendar }]);
    expect(read.events[40]).toEqual({
      id: '40',
      date: '2026-03-21T15:00Z',
      season: { slug: 'regular-season' },
      competitions: [
        {
          competitors: [{ id: 'h', homeAway: 'home', score: '1', team: { displayName: 'H40' } }],
          details: [
            {
              scoringPlay: true,
              shootout: false,
              clock: { displayValue: "9'" },
              team: { id: 'h' },
            },
          ],
        },
      ],
    });
  });

  it('answers that are not a list come back as they are; not JSON is refused', async () => {
    expect(await parseAnswer(bytes({ error: 'quota' }), openLigaDbSource.reading)).toEqual({
      error: 'quota',
    });
    await expect(
      parseAnswer(new TextEncoder().encode('<html>').buffer, espnSource.reading),
    ).rejects.toThrow();
    // The worker is still there for the next answer.
    expect(await parseAnswer(bytes([1, 2]), openLigaDbSource.reading)).toEqual([1, 2]);
  });
});

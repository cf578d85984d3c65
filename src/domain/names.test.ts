import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors';
import { cleanName, nameKey } from './league-names';
import { createLeagueBody, quickJoinBody, teamName } from './leagues';
import { mixedScriptWord } from './names';
import { fixturePatch, newFixtureBody } from './results';

// Issue 26, item 7: look-alike names.

const mixed = errorCatalogue.NAME_MIXES_SCRIPTS.message;
const invisible = ['\u200b', '\u200c', '\u200e', '\u202e', '\u2066', '\u00ad', '\ufeff', '\u2060'];
/** Letters, spaces, invisible characters and the pieces of emoji sequences, in any order. */
const tricky = fc.constantFrom(
  ...[...'aZé ', ...invisible, '\t', '\n', '\u0085', '\u00a0', '\u0301', '\u3164', '\ud800'],
  ...['\u200d', '\ufe0f', '😀', '👩', '🏽', '1', '🏴', '\u{e0067}', '\u{e007f}', '\u0007'],
);

describe('cleanName', () => {
  it('drops invisible format characters and turns line breaks into spaces', () => {
    expect(cleanName('Guest Team\u200b')).toBe('Guest Team');
    expect(cleanName('Guest\u200bTeam')).toBe('GuestTeam');
    expect(cleanName('\u202eevil\u202c \u2067Team\u2069')).toBe('evil Team');
    expect(cleanName('\ufeffSoft\u00adie\u200e')).toBe('Softie');
    expect(cleanName('My\r\nLeague')).toBe('My League');
    expect(cleanName('a\tb\u000bc\u000cd\u0085e\u2028f\u2029g')).toBe('a b c d e f g');
    expect(cleanName('  Guest \u00a0\u3000  Team \u0007 ')).toBe('Guest Team');
    // Blank letters (Hangul fillers) are invisible too.
    expect(cleanName('Guest Team \u3164')).toBe('Guest Team');
    expect(cleanName('\u200b\u200d\u2060')).toBe('');
  });

  it('keeps emoji sequences whole', () => {
    for (const name of [
      '👨\u200d👩\u200d👧 Fans',
      '👩🏽\u200d💻 Coders',
      '❤\ufe0f\u200d🔥 Hot',
      '1\ufe0f\u20e3 Club',
      // England, Scotland: a black flag and tag characters.
      '🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f} Lions',
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f} Tartan Army',
    ])
      expect(cleanName(name)).toBe(name);
    expect(cleanName('Fans\u200d')).toBe('Fans');
    expect(cleanName('a\u200d😀 b\ufe0f\u200d😀')).toBe('a😀 b😀');
    expect(cleanName('Team\u{e0067}\u{e007f} 🏴\u{e0067}')).toBe('Team 🏴');
    // Other tag sequences show a black flag: their tags would hide a look-alike.
    expect(cleanName('🏴\u{e0067}\u{e007f}')).toBe('🏴');
  });

  it('is idempotent and leaves no control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: tricky, maxLength: 40 }), (value) => {
        const clean = cleanName(value);
        return cleanName(clean) === clean && !/\p{Cc}|\p{Cs}|^ | $| {2}/u.test(clean);
      }),
    );
  });

  it('makes a name with invisible characters one name with the visible one', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...invisible)), { maxLength: 5 }),
        (name, inserts) => {
          let padded = name;
          for (const [at, char] of inserts) {
            const i = at % (padded.length + 1);
            padded = padded.slice(0, i) + char + padded.slice(i);
          }
          return nameKey(padded) === nameKey(name);
        },
      ),
    );
  });

  it('is part of the name key', () => {
    expect(nameKey('Guest Team\u200b')).toBe(nameKey('Guest Team'));
    expect(nameKey('GUEST\r\nteam')).toBe('guest team');
    expect(nameKey('Guest\u200bTeam')).toBe('guestteam');
  });
});

describe('mixedScriptWord', () => {
  it('finds a word that mixes alphabets', () => {
    expect(mixedScriptWord('Gu\u0435st Team')).toBe('Gu\u0435st');
    expect(mixedScriptWord('P\u0430ris')).toBe('P\u0430ris');
    expect(mixedScriptWord('\u0391lpha Team')).toBe('\u0391lpha');
    expect(mixedScriptWord('ドイツKorea')).toBe('ドイツKorea');
    expect(mixedScriptWord('Team-Москва')).toBe('Team-Москва');
  });

  it('accepts words of one script, with digits, punctuation, marks and emoji', () => {
    for (const name of [
      'Москва Team',
      'Ελλάδα',
      '東京タワー',
      'Zoë',
      'Zoe\u0308',
      'Straße',
      'Équipe',
      "O'Neill 1. FC",
      '서울 FC',
      '한국漢字',
      'ㄅㄆ北京',
      'Team 2026 ⚽',
      '👨\u200d👩\u200d👧 Fans',
      'תל אביב',
      'الأهلي',
      'मुंबई',
      // Garay (Unicode 16) is not in the list: left out, like a digit.
      'Team\u{10D50}',
    ])
      expect(mixedScriptWord(name), name).toBeUndefined();
  });
});

describe('name schemas', () => {
  it('clean before they check', () => {
    expect(teamName.parse(' Guest\u200bTeam\r\n')).toBe('GuestTeam');
    expect(teamName.safeParse('\u200b\u202e').error?.issues[0]?.message).toBe(
      'Please enter a team name',
    );
    expect(
      quickJoinBody.safeParse({ teamName: '\u200b', code: 'ABC123' }).error?.issues[0]?.message,
    ).toBe('Please enter both team name and league code');
    expect(fixturePatch.parse({ homeTeam: 'Arsenal\r\nFC' }).homeTeam).toBe('Arsenal FC');
  });

  it('refuse a word that mixes alphabets, naming the error code', () => {
    const issue = teamName.safeParse('Gu\u0435st Team').error?.issues[0];
    expect(issue).toMatchObject({ message: mixed, params: { code: 'NAME_MIXES_SCRIPTS' } });
    const league = createLeagueBody.safeParse({
      leagueName: 'L',
      teamName: 'T',
      secondTeamName: 'Gu\u0435st',
    });
    expect(league.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['secondTeamName', mixed],
    ]);
    const fixture = newFixtureBody.safeParse({
      competitionId: 'premier_league',
      round: 'Matchday 2',
      date: '2030-06-10',
      time: '20:00',
      homeTeam: 'Arsenal',
      awayTeam: '\u0421helsea',
    });
    expect(fixture.error?.issues.map((i) => i.message)).toEqual([mixed]);
  });
});

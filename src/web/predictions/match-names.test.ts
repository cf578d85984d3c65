import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { matchNames } from './match-names';

const fixtures = [
  { id: 'a', homeTeam: 'Arsenal', awayTeam: 'Chelsea' },
  { id: 'b', homeTeam: 'Leeds', awayTeam: 'Fulham' },
  { id: 'c', homeTeam: 'Everton', awayTeam: 'Wolves' },
  { id: 'd', homeTeam: 'Spurs', awayTeam: 'Burnley' },
  { id: 'e', homeTeam: 'Brentford', awayTeam: 'Villa' },
];

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the matches a toast names', () => {
  it('names up to three matches as a list', () => {
    expect(matchNames(i18n.t, 'en', fixtures, ['a'])).toBe('Arsenal v Chelsea');
    expect(matchNames(i18n.t, 'en', fixtures, ['a', 'b'])).toBe(
      'Arsenal v Chelsea and Leeds v Fulham',
    );
  });

  it('names the first three, then how many more', () => {
    expect(matchNames(i18n.t, 'en', fixtures, ['a', 'b', 'c', 'd', 'e'])).toBe(
      'Arsenal v Chelsea, Leeds v Fulham, Everton v Wolves and 2 more',
    );
  });

  it('counts fixtures it cannot name', () => {
    expect(matchNames(i18n.t, 'en', fixtures, ['a', 'x'])).toBe('Arsenal v Chelsea and 1 more');
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('de');
    expect(matchNames(i18n.t, 'de', fixtures, ['a', 'b'])).toBe(
      'Arsenal v Chelsea und Leeds v Fulham',
    );
    expect(matchNames(i18n.t, 'de', fixtures, ['a', 'b', 'c', 'd'])).toBe(
      'Arsenal v Chelsea, Leeds v Fulham, Everton v Wolves und 1 weiteres',
    );
    await i18n.changeLanguage('en');
  });

  it('puts the names in the toast about a save', () => {
    expect(
      i18n.t('predictions.toast.lockedSkipped', {
        count: 2,
        names: matchNames(i18n.t, 'en', fixtures, ['a', 'b']),
      }),
    ).toBe(
      '2 games had already kicked off and were not saved: Arsenal v Chelsea and Leeds v Fulham.',
    );
  });
});

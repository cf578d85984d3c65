import { beforeEach, describe, expect, it } from 'vitest';
import { localKeys } from '../../lib/local-keys';
import { savePendingCreation, takePendingCreation } from './pending-creation';
import { inviteLinkFor, whatsappUrl } from '../shared/share';

describe('pending league creation', () => {
  beforeEach(() => localStorage.clear());

  it('is stored while signed out and used once', () => {
    savePendingCreation({
      leagueName: 'Office',
      teamName: 'Reds',
      competitionId: 'premier_league',
    });
    expect(localStorage.getItem(localKeys.pendingLeagueCreation)).not.toBeNull();
    expect(takePendingCreation()).toEqual({
      leagueName: 'Office',
      teamName: 'Reds',
      competitionId: 'premier_league',
    });
    expect(takePendingCreation()).toBeNull();
    expect(localStorage.getItem(localKeys.pendingLeagueCreation)).toBeNull();
  });

  it('ignores a damaged entry', () => {
    localStorage.setItem(localKeys.pendingLeagueCreation, '{"leagueName":1');
    expect(takePendingCreation()).toBeNull();
    localStorage.setItem(localKeys.pendingLeagueCreation, '{"leagueName":"x"}');
    expect(takePendingCreation()).toBeNull();
  });
});

describe('share links', () => {
  it('builds the invite link and a WhatsApp link with the text encoded', () => {
    expect(inviteLinkFor('AB12CD', 'https://firstgoal.example')).toBe(
      'https://firstgoal.example/join?code=AB12CD',
    );
    expect(whatsappUrl('Join "X" & win')).toBe('https://wa.me/?text=Join%20%22X%22%20%26%20win');
  });
});

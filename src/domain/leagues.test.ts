import { describe, expect, it } from 'vitest';
import {
  createLeagueBody,
  inviteCodeFromBytes,
  inviteLink,
  looksLikeInviteCode,
  normaliseInviteCode,
} from './leagues';

describe('invite codes', () => {
  it('are 6 of A-Z0-9 and skip biased bytes', () => {
    expect(inviteCodeFromBytes(new Uint8Array([0, 25, 26, 35, 36, 252, 255, 71]))).toBe('AZ09A9');
    expect(inviteCodeFromBytes(new Uint8Array([253, 254, 1]))).toBeNull();
  });
  it('are normalised from what people type', () => {
    expect(normaliseInviteCode('  ab12cd ')).toBe('AB12CD');
    expect(looksLikeInviteCode('ab12cd')).toBe(true);
    expect(looksLikeInviteCode('ab12c')).toBe(false);
    expect(inviteLink('https://fg.example/', 'AB12CD')).toBe('https://fg.example/join?code=AB12CD');
  });
});

describe('createLeagueBody', () => {
  it('trims names and drops an empty second team', () => {
    expect(
      createLeagueBody.parse({ leagueName: ' L ', teamName: ' T ', secondTeamName: '  ' }),
    ).toEqual({
      leagueName: 'L',
      teamName: 'T',
      secondTeamName: undefined,
      competitionId: 'premier_league',
    });
  });
});

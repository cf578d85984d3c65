import { describe, expect, it } from 'vitest';
import {
  centralEuropeanZoneLabel,
  formatKickoff,
  openDataKickoff,
  parseOpenDataTime,
  ukZoneLabel,
  utcOffsetMinutes,
  zonedDateTime,
  zonedLocalToUtc,
} from './kickoff';

const iso = (date: string, time: string, zone: string) =>
  zonedLocalToUtc(date, time, zone).toISOString();

describe('zonedLocalToUtc', () => {
  it('converts UK summer and winter times (BST → GMT on 2025-10-26)', () => {
    expect(iso('2025-08-15', '20:00', 'Europe/London')).toBe('2025-08-15T19:00:00.000Z');
    expect(iso('2025-10-25', '15:00', 'Europe/London')).toBe('2025-10-25T14:00:00.000Z');
    expect(iso('2025-10-26', '15:00', 'Europe/London')).toBe('2025-10-26T15:00:00.000Z');
    expect(iso('2025-12-26', '12:30', 'Europe/London')).toBe('2025-12-26T12:30:00.000Z');
  });

  it('converts Central European summer and winter times', () => {
    expect(iso('2025-08-22', '20:30', 'Europe/Berlin')).toBe('2025-08-22T18:30:00.000Z');
    expect(iso('2025-07-11', '21:00', 'Europe/Zurich')).toBe('2025-07-11T19:00:00.000Z');
    expect(iso('2025-10-25', '15:30', 'Europe/Berlin')).toBe('2025-10-25T13:30:00.000Z');
    expect(iso('2025-10-26', '15:30', 'Europe/Berlin')).toBe('2025-10-26T14:30:00.000Z');
    expect(iso('2026-03-28', '15:30', 'Europe/Madrid')).toBe('2026-03-28T14:30:00.000Z');
    expect(iso('2026-03-29', '16:15', 'Europe/Madrid')).toBe('2026-03-29T14:15:00.000Z');
  });

  it('crosses the date line of UTC (US Eastern evening)', () => {
    expect(iso('2025-06-14', '20:00', 'America/New_York')).toBe('2025-06-15T00:00:00.000Z');
    expect(iso('2025-02-22', '22:30', 'America/New_York')).toBe('2025-02-23T03:30:00.000Z');
  });

  it('takes the earlier instant of a repeated time and skips forward over a gap', () => {
    expect(iso('2025-10-26', '01:30', 'Europe/London')).toBe('2025-10-26T00:30:00.000Z');
    expect(iso('2025-03-30', '01:30', 'Europe/London')).toBe('2025-03-30T01:30:00.000Z');
    expect(iso('2025-03-30', '02:30', 'Europe/Berlin')).toBe('2025-03-30T01:30:00.000Z');
  });

  it('throws RangeError on invalid input', () => {
    const bad: [string, string, string][] = [
      ['2025-02-29', '15:00', 'Europe/London'],
      ['2025-13-01', '15:00', 'Europe/London'],
      ['2025-8-1', '15:00', 'Europe/London'],
      ['2025-08-01', '24:00', 'Europe/London'],
      ['2025-08-01', '15:60', 'Europe/London'],
      ['2025-08-01', '3pm', 'Europe/London'],
      ['', '', 'Europe/London'],
      ['2025-08-01', '15:00', 'Mars/Olympus_Mons'],
    ];
    for (const [date, time, zone] of bad)
      expect(() => zonedLocalToUtc(date, time, zone), `${date} ${time} ${zone}`).toThrow(
        RangeError,
      );
  });

  it('round-trips with zonedDateTime', () => {
    const instant = zonedLocalToUtc('2025-11-01', '17:30', 'Europe/Rome');
    expect(zonedDateTime(instant, 'Europe/Rome')).toEqual({ date: '2025-11-01', time: '17:30' });
    expect(zonedDateTime(instant, 'Europe/London')).toEqual({ date: '2025-11-01', time: '16:30' });
  });
});

describe('openfootball times', () => {
  it('reads a time with an explicit offset', () => {
    expect(parseOpenDataTime('13:00 UTC-6')).toEqual({ time: '13:00', offsetMinutes: -360 });
    expect(parseOpenDataTime('19:30 UTC+5:30')).toEqual({ time: '19:30', offsetMinutes: 330 });
    expect(parseOpenDataTime('20:00')).toEqual({ time: '20:00', offsetMinutes: null });
    expect(parseOpenDataTime('13:00 UTC-16')).toBeNull();
    expect(parseOpenDataTime('13:00 CET')).toBeNull();
    expect(parseOpenDataTime('')).toBeNull();
  });

  it('uses the explicit offset, else the competition zone', () => {
    expect(openDataKickoff('2026-06-11', '13:00 UTC-6', 'Europe/London').toISOString()).toBe(
      '2026-06-11T19:00:00.000Z',
    );
    expect(openDataKickoff('2026-06-12', '21:00 UTC-4', 'UTC').toISOString()).toBe(
      '2026-06-13T01:00:00.000Z',
    );
    expect(openDataKickoff('2025-08-15', '20:00', 'Europe/London').toISOString()).toBe(
      '2025-08-15T19:00:00.000Z',
    );
    expect(() => openDataKickoff('2025-08-15', 'TBA', 'Europe/London')).toThrow(RangeError);
  });
});

describe('zone labels', () => {
  it('labels UK time BST until the clocks go back on 2025-10-26, GMT after', () => {
    expect(ukZoneLabel(new Date('2025-08-15T19:00:00Z'))).toBe('BST');
    expect(ukZoneLabel(new Date('2025-10-26T00:59:59Z'))).toBe('BST');
    expect(ukZoneLabel(new Date('2025-10-26T01:00:00Z'))).toBe('GMT');
    expect(ukZoneLabel(new Date('2026-01-10T15:00:00Z'))).toBe('GMT');
    expect(ukZoneLabel(new Date('2026-03-29T01:00:00Z'))).toBe('BST');
  });

  it('labels Central European time CEST and CET', () => {
    expect(centralEuropeanZoneLabel(new Date('2025-07-11T19:00:00Z'))).toBe('CEST');
    expect(centralEuropeanZoneLabel(new Date('2025-10-26T00:59:59Z'))).toBe('CEST');
    expect(centralEuropeanZoneLabel(new Date('2025-10-26T01:00:00Z'))).toBe('CET');
    expect(centralEuropeanZoneLabel(new Date('2026-02-01T12:00:00Z'))).toBe('CET');
  });

  it('measures offsets', () => {
    expect(utcOffsetMinutes(new Date('2025-07-01T12:00:00Z'), 'America/New_York')).toBe(-240);
    expect(utcOffsetMinutes(new Date('2025-12-01T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(utcOffsetMinutes(new Date('2025-12-01T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });
});

describe('formatKickoff', () => {
  const summer = new Date('2026-08-15T14:00:00Z');
  const winter = new Date('2026-12-26T15:00:00Z');
  it('names the UK zone BST or GMT by the date', () => {
    expect(formatKickoff(summer, 'en-GB', 'Europe/London')).toBe('Sat 15 Aug, 15:00 BST');
    expect(formatKickoff(winter, 'en-GB', 'Europe/London')).toBe('Sat 26 Dec, 15:00 GMT');
  });
  it("names another zone as Intl does, in the reader's language, with the year on request", () => {
    expect(formatKickoff(summer, 'en-GB', 'Europe/Berlin', { year: true })).toBe(
      'Sat, 15 Aug 2026, 16:00 CEST',
    );
    expect(formatKickoff(summer, 'de', 'Europe/Berlin')).toBe('Sa., 15. Aug., 16:00 MESZ');
  });
  it('reads English as the game’s home does, not as American English', () => {
    expect(formatKickoff(winter, 'en', 'Europe/London', { year: true })).toBe(
      'Sat, 26 Dec 2026, 15:00 GMT',
    );
  });
});

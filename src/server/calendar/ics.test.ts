import { describe, expect, it } from 'vitest';
import { escapeText, fold, icsInstant } from './ics';

describe('iCalendar text', () => {
  it('escapes what RFC 5545 reserves', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
  });

  it('folds at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = fold(line);
    const pieces = folded.split('\r\n');
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });

  it('writes instants in UTC', () => {
    expect(icsInstant('2031-03-01T15:04:05.000Z')).toBe('20310301T150405Z');
  });
});

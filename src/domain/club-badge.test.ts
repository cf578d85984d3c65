import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clubBadge, colourFromName, contrast, initialsOf, textOn } from './club-badge';

describe('club badges', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    // WCAG's own example pair: #767676 on white is the lightest grey at 4.5:1.
    expect(contrast('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it("keeps a club's own colours and short name, and its second colour for the text when it reads", () => {
    const arsenal = { colour: '#ef0107', alternate: '#ffdf00', abbreviation: 'ARS' };
    const badge = clubBadge('Arsenal FC', arsenal);
    // White reads at 4.0:1 on Arsenal's red, yellow less: white on a shade darker red.
    expect(badge.text).toBe('#ffffff');
    expect(contrast(badge.text, badge.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(badge.background, '#ef0107')).toBeLessThan(1.2);
    expect(badge.initials).toBe('ARS');
    // Dortmund's yellow keeps its colour, with its black.
    expect(
      clubBadge('Borussia Dortmund', {
        colour: '#ffee00',
        alternate: '#272726',
        abbreviation: 'DOR',
      }),
    ).toEqual({ initials: 'DOR', background: '#ffee00', text: '#272726' });
    // Chelsea's white reads on its blue.
    expect(
      clubBadge('Chelsea FC', { colour: '#0000dd', alternate: '#ffffff', abbreviation: 'CHE' })
        .text,
    ).toBe('#ffffff');
    // Yellow on Dortmund's yellow cannot be read: black instead.
    expect(textOn('#ffee00', '#ffee00')).toBe('#000000');
    expect(textOn('#0000dd', '#ffffff')).toBe('#ffffff');
  });

  it('gives any other name the same readable colour every time, and initials from its words', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), (name) => {
        const a = clubBadge(name);
        expect(clubBadge(name)).toEqual(a);
        expect(a.background).toMatch(/^#[0-9a-f]{6}$/);
        expect(contrast(a.text, a.background)).toBeGreaterThanOrEqual(4.5);
        expect(a.initials.length).toBeGreaterThanOrEqual(1);
        expect(a.initials.length).toBeLessThanOrEqual(3);
      }),
    );
    expect(colourFromName('Leyton Orient')).toBe(colourFromName('Leyton Orient'));
    expect(colourFromName('Leyton Orient')).not.toBe(colourFromName('Luton Town'));
    expect(initialsOf('Leyton Orient')).toBe('LO');
    expect(initialsOf('Milton Keynes Dons')).toBe('MKD');
    expect(initialsOf('Barnet FC')).toBe('BAR');
    expect(initialsOf('Real Madrid (ESP)')).toBe('RM');
    expect(initialsOf('Vitória Guimarães')).toBe('VG');
    expect(initialsOf('FC')).toBe('FC');
  });
});

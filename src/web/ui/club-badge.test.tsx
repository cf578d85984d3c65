import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { clubBadge, contrast } from '../../domain/club-badge';
import { unwrap } from '../lib/api-client';
import { localKeys } from '../lib/local-keys';
import { Celebration } from './celebration';
import { ClubBadge } from './club-badge';

const dom = domPerTest();

const answer = (body: unknown) =>
  Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });

describe('ClubBadge', () => {
  it("draws a club in the colours an answer carried, and any other in its name's own colour", async () => {
    await unwrap(
      answer({
        fixtures: [],
        clubs: { 'Arsenal FC': { colour: '#ef0107', alternate: '#ffdf00', abbreviation: 'ARS' } },
      }),
    );
    dom.render(
      <>
        <ClubBadge name="Arsenal FC" />
        <ClubBadge name="Leyton Orient" size="sm" />
      </>,
    );
    const [arsenal, orient] = [...dom.container.querySelectorAll('[data-testid="club-badge"]')];
    expect(arsenal?.textContent).toBe('ARS');
    // Neither Arsenal's yellow nor white reads at 4.5:1 on its red: white on a shade darker red.
    const style = arsenal?.getAttribute('style') ?? '';
    expect(style).toContain('color: #ffffff');
    expect(style).not.toContain('background-color: #ef0107');
    const background = /background-color: (#[0-9a-f]{6})/.exec(style)?.[1] ?? '';
    expect(contrast('#ffffff', background)).toBeGreaterThanOrEqual(4.5);
    expect(arsenal?.getAttribute('aria-hidden')).toBe('true');
    expect(orient?.textContent).toBe('LO');
    expect(orient?.getAttribute('style')).toContain(
      `background-color: ${clubBadge('Leyton Orient').background}`,
    );
  });
});

describe('Celebration', () => {
  it('bursts the first time a moment is seen on this device, then only says it', () => {
    localStorage.removeItem(localKeys.celebrated);
    dom.render(<Celebration id="exact:t1:f1" label="Exact minute!" />);
    const first = dom.container.querySelector('[data-testid="celebration"]');
    expect(first?.textContent).toBe('Exact minute!');
    expect(first?.getAttribute('data-fresh')).toBe('true');
    expect(first?.querySelector('.celebrate-burst')).not.toBeNull();
    dom.render(<Celebration key="again" id="exact:t1:f1" label="Exact minute!" />);
    const again = dom.container.querySelector('[data-testid="celebration"]');
    expect(again?.getAttribute('data-fresh')).toBe('false');
    expect(again?.querySelector('.celebrate-burst')).toBeNull();
    expect(JSON.parse(localStorage.getItem(localKeys.celebrated) ?? '[]')).toEqual(['exact:t1:f1']);
  });
});

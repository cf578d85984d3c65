import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { i18n } from '../i18n/i18n';
import { LegalDocument } from './legal-document';
import { RulesPage } from './rules-page';

const dom = domPerTest();

const show = (element: React.ReactNode) => {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  dom.render(<RouterProvider router={router} />);
  return dom.container.textContent ?? '';
};

describe('what a first-time player reads', () => {
  it('the rules page does not claim one set of rules where leagues set their own', () => {
    const text = show(<RulesPage />);
    expect(text).not.toContain('The same rules apply in every league');
    expect(text).toContain('a league’s organiser may change its points, jokers and deadline');
  });

  it('legal pages date themselves as every other date of the language reads', async () => {
    show(<LegalDocument ns="terms" updated="2026-11-22" sections={[]} />);
    expect(dom.container.querySelector('[data-testid="terms-updated"]')?.textContent).toContain(
      '22 Nov 2026',
    );
    await act(() => i18n.changeLanguage('de'));
    show(<LegalDocument ns="terms" updated="2026-11-22" sections={[]} />);
    expect(dom.container.querySelector('[data-testid="terms-updated"]')?.textContent).toContain(
      '22.11.2026',
    );
  });
});

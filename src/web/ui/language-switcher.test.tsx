import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { languageStorageKey } from '../../domain/i18n';
import { i18n, languageChangedEvent } from '../i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

const dom = domPerTest();
beforeEach(() => localStorage.clear());

const render = (onChanged?: (language: string) => void) =>
  dom.render(<LanguageSwitcher onChanged={onChanged} />);

const choose = async (value: string) => {
  const select = dom.container.querySelector<HTMLSelectElement>(
    '[data-testid="language-switcher"]',
  );
  if (!select) throw new Error('language switcher not rendered');
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  return select;
};

describe('LanguageSwitcher', () => {
  it('offers the six languages by their own names, with an accessible label', () => {
    render();
    const options = [...dom.container.querySelectorAll('option')].map(
      (option) => option.textContent,
    );
    expect(options).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano', 'Português']);
    expect(dom.container.querySelector('label')?.textContent).toContain('Language');
  });

  it('stores the choice, sets <html lang>, broadcasts it and reports it', async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(languageChangedEvent, listener);
    const reported: string[] = [];
    render((language) => reported.push(language));

    const select = await choose('de');
    // German is fetched first (each language is its own chunk), then the page switches.
    await act(() => vi.waitFor(() => expect(reported).toEqual(['de'])));

    window.removeEventListener(languageChangedEvent, listener);
    expect(localStorage.getItem(languageStorageKey)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.language).toBe('de');
    expect(events).toEqual([{ language: 'de' }]);
    expect(reported).toEqual(['de']);
    expect(select.value).toBe('de');
    expect(dom.container.querySelector('label')?.textContent).toContain('Sprache');
  });

  it('browses with the arrow keys without switching, applies on Enter only, and Escape or leaving cancels', async () => {
    await act(() => i18n.changeLanguage('en'));
    const reported: string[] = [];
    render((language) => reported.push(language));
    const select = dom.container.querySelector<HTMLSelectElement>(
      '[data-testid="language-switcher"]',
    );
    if (!select) throw new Error('language switcher not rendered');
    const arrow = async (value: string) =>
      act(async () => {
        select.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await arrow('es');
    await arrow('fr');
    expect(i18n.language).toBe('en');
    expect(reported).toEqual([]);
    expect(select.value).toBe('fr');
    await act(async () => {
      select.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await act(() => vi.waitFor(() => expect(reported).toEqual(['fr'])));
    expect(i18n.language).toBe('fr');
    // Leaving the select (Tab) does not apply what the arrows reached: it shows the language in use.
    await arrow('it');
    await act(async () => {
      select.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      select.dispatchEvent(new FocusEvent('blur'));
    });
    expect(select.value).toBe('fr');
    // Escape goes back too, and is not handed on (the menu around it stays open).
    await arrow('pt');
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    const outside = vi.fn();
    document.addEventListener('keydown', outside);
    await act(async () => {
      select.dispatchEvent(escape);
    });
    document.removeEventListener('keydown', outside);
    expect(select.value).toBe('fr');
    expect(outside).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reported).toEqual(['fr']);
    expect(i18n.language).toBe('fr');
    await act(() => i18n.changeLanguage('en'));
  });
});

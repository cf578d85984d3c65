import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languageStorageKey } from '../../domain/i18n';
import { i18n, languageChangedEvent } from './i18n';
import { LanguageSwitcher } from './language-switcher';

// React's act() needs this flag outside a test framework integration.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (onChanged?: (language: string) => void) =>
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitcher onChanged={onChanged} />
      </I18nextProvider>,
    ),
  );

const choose = async (value: string) => {
  const select = container.querySelector<HTMLSelectElement>('[data-testid="language-switcher"]');
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
    const options = [...container.querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual(['English', 'Español', 'Français', 'Deutsch', 'Italiano', 'Português']);
    expect(container.querySelector('label')?.textContent).toContain('Language');
  });

  it('stores the choice, sets <html lang>, broadcasts it and reports it', async () => {
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(languageChangedEvent, listener);
    const reported: string[] = [];
    render((language) => reported.push(language));

    const select = await choose('de');

    window.removeEventListener(languageChangedEvent, listener);
    expect(localStorage.getItem(languageStorageKey)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.language).toBe('de');
    expect(events).toEqual([{ language: 'de' }]);
    expect(reported).toEqual(['de']);
    expect(select.value).toBe('de');
    expect(container.querySelector('label')?.textContent).toContain('Sprache');
  });
});

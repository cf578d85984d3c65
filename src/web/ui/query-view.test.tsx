import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-client';
import { QueryView, type QueryLike } from './query-view';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const query = (state: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const render = (q: QueryLike<string[]>, errorMessage?: (error: unknown) => string) =>
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryView query={q} errorTitle="The list could not be loaded" errorMessage={errorMessage}>
          {(items) => <ul data-testid="items">{items.join(',')}</ul>}
        </QueryView>
      </I18nextProvider>,
    ),
  );

describe('QueryView', () => {
  it('announces loading with skeleton rows and shows no data', () => {
    render(query({ isPending: true }));
    expect(container.querySelector('[role="status"]')?.textContent).toBe(i18n.t('common.loading'));
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBe(3);
    expect(container.querySelector('[data-testid="items"]')).toBeNull();
  });

  it("shows a failed load with the error code's sentence and retries", () => {
    const q = query({ isError: true, error: new ApiError(404, 'LEAGUE_NOT_FOUND', 'x') });
    render(q);
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The list could not be loaded');
    expect(alert?.textContent).toContain(i18n.t('errors.LEAGUE_NOT_FOUND'));
    act(() => alert?.querySelector('button')?.click());
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it("uses the caller's wording of an error when given", () => {
    render(query({ isError: true, error: new Error('boom') }), () => 'Try the league page');
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Try the league page');
  });

  it('renders the data once it is there', () => {
    render(query({ data: ['a', 'b'] }));
    expect(container.querySelector('[data-testid="items"]')?.textContent).toBe('a,b');
    expect(container.querySelector('[role="status"]')).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../lib/api-client';
import { QueryView, type QueryLike } from './query-view';

const dom = domPerTest();

const query = (state: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

const render = (q: QueryLike<string[]>, errorMessage?: (error: unknown) => string) =>
  dom.render(
    <QueryView query={q} errorTitle="The list could not be loaded" errorMessage={errorMessage}>
      {(items) => <ul data-testid="items">{items.join(',')}</ul>}
    </QueryView>,
  );

describe('QueryView', () => {
  it('announces loading with skeleton rows and shows no data', () => {
    render(query({ isPending: true }));
    expect(dom.container.querySelector('[role="status"]')?.textContent).toBe(
      i18n.t('common.loading'),
    );
    expect(dom.container.querySelectorAll('[aria-hidden="true"]').length).toBe(3);
    expect(dom.container.querySelector('[data-testid="items"]')).toBeNull();
  });

  it("shows a failed load with the error code's sentence and retries", () => {
    const q = query({ isError: true, error: new ApiError(404, 'LEAGUE_NOT_FOUND', 'x') });
    render(q);
    const alert = dom.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('The list could not be loaded');
    expect(alert?.textContent).toContain(i18n.t('errors.LEAGUE_NOT_FOUND'));
    alert?.querySelector('button')?.click();
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it("uses the caller's wording of an error when given", () => {
    render(query({ isError: true, error: new Error('boom') }), () => 'Try the league page');
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain(
      'Try the league page',
    );
  });

  it('renders the data once it is there', () => {
    render(query({ data: ['a', 'b'] }));
    expect(dom.container.querySelector('[data-testid="items"]')?.textContent).toBe('a,b');
    expect(dom.container.querySelector('[role="status"]')).toBeNull();
  });
});

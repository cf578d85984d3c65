import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '../../src/web/i18n/i18n';

// React's act() needs this flag outside a test framework integration.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestDom {
  container: HTMLDivElement;
  root: Root;
  /** Neither retries nor refetches: a test's answers are the ones it gives. */
  queryClient: QueryClient;
  /** Renders inside the i18n and query providers. */
  render: (node: ReactNode) => void;
}

/**
 * Web component tests: each test of the file gets a React root in a fresh element, the UI in
 * English and its own query client; the root is unmounted and the element removed afterwards.
 */
export const domPerTest = (): TestDom => {
  const dom = {} as TestDom;
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    dom.queryClient = new QueryClient({
      defaultOptions: {
        queries: { staleTime: Infinity, retry: false },
        mutations: { retry: false },
      },
    });
    dom.container = document.createElement('div');
    document.body.append(dom.container);
    dom.root = createRoot(dom.container);
  });
  afterEach(() => {
    act(() => dom.root.unmount());
    dom.container.remove();
  });
  dom.render = (node) =>
    act(() =>
      dom.root.render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={dom.queryClient}>{node}</QueryClientProvider>
        </I18nextProvider>,
      ),
    );
  return dom;
};

import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { i18n } from '../i18n/i18n';
import { myLeaguesQueryOptions, type MyLeagueItem } from '../lib/queries';
import { ContactPage } from './contact-page';
import type { ContactViewer } from './contact-values';

const dom = domPerTest();
// The network boundary: what `POST /api/contact` answers in each test.
const fetchMock = vi.fn<typeof fetch>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const render = (url: string, viewer: ContactViewer | null = null) => {
  const router = createMemoryRouter(
    [{ path: '/contact', element: <ContactPage viewer={viewer} /> }],
    { initialEntries: [url] },
  );
  dom.render(<RouterProvider router={router} />);
};

const el = <T extends HTMLElement>(id: string): T => {
  const found = dom.container.querySelector<T>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no element ${id}`);
  return found;
};
const query = (id: string) => dom.container.querySelector(`[data-testid="${id}"]`);
const value = (id: string) => el<HTMLInputElement>(id).value;

/** Sets a controlled field the way a user does, so React sees the change. */
const fill = (id: string, text: string) =>
  act(() => {
    const field = el<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(id);
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, text);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  });

/** Clicks Send and lets the request and React settle inside act(). */
const submit = async () => {
  await act(async () => {
    el<HTMLButtonElement>('contact-submit').click();
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
};

const fillValid = () => {
  fill('contact-name', 'Ann Example');
  fill('contact-email', 'ann@example.com');
  fill('contact-subject', 'bug');
  fill('contact-message', 'The table shows the wrong rank.');
};

describe('ContactPage', () => {
  it('prefills every field from the query string', () => {
    render('/contact?name=Ann&email=ann%40example.com&subject=feature&message=Dark%20mode%3F');
    expect(value('contact-name')).toBe('Ann');
    expect(value('contact-email')).toBe('ann@example.com');
    expect(value('contact-subject')).toBe('feature');
    expect(value('contact-message')).toBe('Dark mode?');
  });

  it('ignores an unknown subject and fills name and e-mail from the account', () => {
    render('/contact?subject=nonsense&email=other%40example.com', {
      name: 'Bea',
      email: 'bea@example.com',
      isAnonymous: false,
    });
    expect(value('contact-subject')).toBe('');
    expect(value('contact-name')).toBe('Bea');
    // The query string wins over the account.
    expect(value('contact-email')).toBe('other@example.com');
  });

  it('does not offer a guest account its generated name and address', () => {
    render('/contact', { name: 'Guest', email: 'guest-1@guests.invalid', isAnonymous: true });
    expect(value('contact-name')).toBe('');
    expect(value('contact-email')).toBe('');
  });

  it('shows the validation messages and sends nothing', async () => {
    render('/contact');
    await submit();
    const text = el('contact-form').textContent;
    expect(text).toContain('Please enter your name.');
    expect(text).toContain('Please enter a valid e-mail address.');
    expect(text).toContain('Please choose a subject.');
    expect(text).toContain('Please enter a message.');
    expect(document.activeElement).toBe(el('contact-name'));
    fill('contact-name', 'Ann');
    expect(el('contact-form').textContent).not.toContain('Please enter your name.');
    fill('contact-email', 'not-an-address');
    expect(el('contact-form').textContent).toContain('Please enter a valid e-mail address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes idle → Sending... → success, and clears the form', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render('/contact');
    fillValid();
    await submit();
    expect(el('contact-submit').textContent).toBe('Sending...');
    expect(el<HTMLButtonElement>('contact-submit').disabled).toBe(true);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ann Example',
      email: 'ann@example.com',
      subject: 'bug',
      message: 'The table shows the wrong rank.',
    });
    await act(async () => {
      answer(json(201, { id: 'm1' }));
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(el('contact-success').textContent).toBe(
      "Message sent successfully! We'll get back to you soon.",
    );
    expect(el('contact-submit').textContent).toBe('Send Message');
    expect(value('contact-name')).toBe('');
    expect(value('contact-email')).toBe('');
    expect(value('contact-subject')).toBe('');
    expect(value('contact-message')).toBe('');
  });

  it('shows the translated rate limit, and the generic failure for anything else', async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { error: { code: 'CONTACT_RATE_LIMITED', message: 'x' } }),
    );
    render('/contact');
    fillValid();
    await submit();
    expect(el('contact-error').textContent).toBe(
      'You have sent 5 messages in the last hour. Please try again later.',
    );
    expect(value('contact-message')).toBe('The table shows the wrong rank.');

    await act(() => i18n.changeLanguage('fr'));
    expect(el('contact-error').textContent).toBe(
      'Vous avez envoyé 5 messages au cours de la dernière heure. Veuillez réessayer plus tard.',
    );
    await act(() => i18n.changeLanguage('en'));

    fetchMock.mockResolvedValueOnce(json(500, { error: { code: 'INTERNAL', message: 'x' } }));
    await submit();
    expect(el('contact-error').textContent).toBe('Failed to send message. Please try again.');
    fill('contact-message', 'Edited');
    expect(query('contact-error')).toBeNull();
  });

  it('explains reminders and builds the mailto with the teams and leagues', () => {
    dom.queryClient.setQueryData(myLeaguesQueryOptions.queryKey, [
      { name: 'Office League', teams: [{ id: 't1', name: 'Ann United' }] },
    ] as unknown as MyLeagueItem[]);
    render('/contact?subject=reminders', {
      name: 'Ann',
      email: 'ann@example.com',
      isAnonymous: false,
    });
    expect(el('contact-reminders-team').getAttribute('href')).toBe('/team');
    const href = el('contact-reminders-mailto').getAttribute('href') ?? '';
    expect(href.startsWith('mailto:support@firstgoal.app?subject=')).toBe(true);
    const body = decodeURIComponent(href.split('&body=')[1] ?? '');
    expect(body).toContain('Ann United (league: Office League)');
    expect(body).toContain('Ann');
    fill('contact-subject', 'general');
    expect(query('contact-reminders')).toBeNull();
  });
});

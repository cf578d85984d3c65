import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import { FeedComposer } from './feed-composer';

const dom = domPerTest();

/** Types into the textarea as a browser would (React reads the native value setter). */
const type = (text: string) => {
  const area = dom.container.querySelector('textarea') as HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
  return area;
};

describe('the chat composer', () => {
  it('keeps the next message typed while the last one was on its way', async () => {
    let arrived: (ok: boolean) => void = () => undefined;
    const sent: string[] = [];
    dom.render(
      <FeedComposer
        teams={[{ id: 't1', name: 'Cal City' }]}
        replyTo={null}
        onCancelReply={() => undefined}
        sending={false}
        onSend={(draft) => {
          sent.push(draft.text);
          return new Promise<boolean>((resolve) => (arrived = resolve));
        }}
      />,
    );
    type('Anyone watching tonight?');
    act(() => {
      dom.container
        .querySelector('form')
        ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    const area = type('Kick-off at eight');
    await act(async () => arrived(true));
    expect(sent).toEqual(['Anyone watching tonight?']);
    expect(area.value).toBe('Kick-off at eight');
    // A sent message that nobody typed after is cleared.
    act(() => {
      dom.container
        .querySelector('form')
        ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await act(async () => arrived(true));
    expect(area.value).toBe('');
  });
});

describe('the chat composer’s limit', () => {
  it('mirrors the server’s 2,000 code units: stacked accents within 500 characters are refused', () => {
    dom.render(
      <FeedComposer
        teams={[{ id: 't1', name: 'Cal City' }]}
        replyTo={null}
        onCancelReply={() => undefined}
        sending={false}
        onSend={async () => true}
      />,
    );
    const send = () =>
      dom.container.querySelector('[data-testid="feed-send"]') as HTMLButtonElement;
    const counter = () => dom.container.querySelector('[data-testid="feed-counter"]');
    // 50 letters under 39 accents each: 2,000 code units, it may be sent; one letter more not.
    const stacked = `Z${'\u0301'.repeat(39)}`.repeat(50);
    type(stacked);
    expect(send().disabled).toBe(false);
    expect(counter()).toBeNull();
    type(`${stacked}x`);
    expect(send().disabled).toBe(true);
    expect(counter()?.textContent).toBe('Too many emoji or accents for one message');
  });
});

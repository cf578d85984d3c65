import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { domPerTest } from '../../../../tests/setup/dom';
import { AuthDialogProvider } from '../../lib/auth-dialog-context';
import { QuickJoinForm } from './quick-join-form';

const dom = domPerTest();

const submitEmpty = (props: { fixedCode?: string; fixedLeague?: string }) => {
  dom.render(
    <AuthDialogProvider>
      <QuickJoinForm {...props} onJoined={() => undefined} />
    </AuthDialogProvider>,
  );
  act(() => {
    dom.container
      .querySelector('form')
      ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  return dom.container.querySelector('[data-testid="quick-join-error"]')?.textContent;
};

describe('quick join asks for what is missing', () => {
  it('asks for both where the code is typed', () => {
    expect(submitEmpty({})).toBe('Please enter both team name and league code');
  });

  it('asks only for the team name where the invite link brings the league', () => {
    expect(submitEmpty({ fixedCode: 'ABC123' })).toBe('Please enter a team name');
    expect(submitEmpty({ fixedLeague: 'Friends' })).toBe('Please enter a team name');
  });
});

import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domPerTest } from '../../../tests/setup/dom';
import { AuthDialogProvider, useAuthDialog } from '../lib/auth-dialog-context';
import { meQueryOptions } from './api';
import { AuthDialog } from './auth-dialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const dom = domPerTest();
let openDialog: ReturnType<typeof useAuthDialog>['open'] = () => undefined;

const Opener = () => {
  openDialog = useAuthDialog().open;
  return null;
};

beforeEach(() => {
  // The dialog reads which sign-in methods exist; no server in this test.
  dom.queryClient.setQueryData(meQueryOptions.queryKey, {
    user: null,
    auth: { google: true, emailVerificationRequired: false },
  });
  dom.render(
    <AuthDialogProvider>
      <Opener />
      <AuthDialog />
    </AuthDialogProvider>,
  );
});

const byTestId = <T extends HTMLElement>(id: string) =>
  document.querySelector<T>(`[data-testid="${id}"]`);

const click = (id: string) =>
  act(() => {
    byTestId(id)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });

// The dialog's panel is its own chunk: fetched once here, it shows within the opening's act.
beforeAll(async () => {
  await import('../ui/dialog-panel');
});

const open = async (mode: Parameters<typeof openDialog>[0]) => {
  await act(async () => {
    openDialog(mode);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

const heading = () => document.querySelector('[role="dialog"] h2')?.textContent;

describe('AuthDialog', () => {
  it('opens in login mode with its title, Google and the validation message', async () => {
    await open('login');
    expect(heading()).toBe('Welcome Back');
    expect(byTestId('auth-google')?.textContent).toContain('Continue with Google');
    expect(byTestId('auth-name')).toBeNull();
    click('auth-submit');
    expect(byTestId('auth-error')?.textContent).toBe('Email and password are required');
  });

  it('switches to sign-up, which asks for a display name and clears messages', async () => {
    await open('login');
    click('auth-submit');
    click('auth-toggle');
    expect(heading()).toBe('Create Account');
    expect(byTestId('auth-error')).toBeNull();
    expect(byTestId('auth-name')).not.toBeNull();
    expect(byTestId<HTMLInputElement>('auth-email')?.value).toBe('');
  });

  it('goes to the reset form and back', async () => {
    await open('login');
    click('auth-forgot');
    expect(heading()).toBe('Reset Password');
    click('auth-reset-submit');
    expect(byTestId('auth-error')?.textContent).toBe('Please enter your email address');
    click('auth-back-to-login');
    expect(heading()).toBe('Welcome Back');
  });
});

import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../tests/setup/test-app';
import { authStoresEnabled } from '../auth/stores';

// better-auth's AsyncLocalStorage stores are on only while a call into better-auth runs (on
// Node 20 an enabled store hooks every promise of the process): sign-ins, sign-ups and session
// reads overlapping and finishing in any order all work, and afterwards the stores are off.
const t = appPerFile();
// Node 20's stores say whether they are on; later Node versions keep context without hooks.
const observable = 'enabled' in new AsyncLocalStorage();

describe('better-auth’s request stores', () => {
  it.skipIf(!observable)('are off once no call into better-auth is running', async () => {
    const agent = t.agent();
    await agent.signUp('stores@example.com');
    expect(await authStoresEnabled()).toBe(false);
    // A request that needs the session but no better-auth call leaves them off too.
    expect((await agent.put('/api/account/locale', { locale: 'fr' })).status).toBe(200);
    expect(await authStoresEnabled()).toBe(false);
    await agent.signIn('stores@example.com');
    expect(await authStoresEnabled()).toBe(false);
  });

  it('serve overlapping calls that end in any order', async () => {
    // Staggered starts, so calls end while others are in the middle of theirs and the count of
    // running calls touches zero between them.
    const agents = Array.from({ length: 12 }, () => t.agent());
    await Promise.all(
      agents.map(async (agent, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i % 4) * 3));
        const signedUp = await agent.signUp(`overlap-${i}@example.com`);
        expect(signedUp.status).toBe(200);
        // better-auth's own session read (its request state) after others have finished.
        const session = await agent.get('/api/auth/get-session');
        expect(session.status).toBe(200);
        expect(session.body?.user?.email).toBe(`overlap-${i}@example.com`);
        const out = await agent.post('/api/auth/sign-out', {});
        expect(out.status).toBe(200);
        const signedIn = await agent.signIn(`overlap-${i}@example.com`);
        expect(signedIn.status).toBe(200);
      }),
    );
    if (observable) expect(await authStoresEnabled()).toBe(false);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCompetition,
  baseUrl,
  launchBrowser,
  openSession,
  screenshot,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  widths,
} from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Fills and submits the sign-up form of an auth dialog that is already open. */
const signUpInDialog = async (page: Page, name: string) => {
  await page.getByTestId('auth-toggle').click();
  await page.getByTestId('auth-name').fill(name);
  await page.getByTestId('auth-email').fill(uniqueEmail(name.toLowerCase().replace(/\W/g, '')));
  await page.getByTestId('auth-password').fill('correct-horse-9');
  await page.getByTestId('auth-submit').click();
};

/** The same page at 375 and 1280 px: a screenshot each and no serious axe findings. */
const capture = async (page: Page, name: string, ready: string) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.getByTestId(ready).first().waitFor();
    await screenshot(page, name);
    expect(await seriousViolations(page), `${name} at ${width}`).toEqual([]);
  }
};

const myLeagues = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/leagues/mine');
    return ((await response.json()) as { leagues: { id: string; name: string }[] }).leagues;
  });

describe('leagues, teams and joining', () => {
  it(
    'creates a league, joins it by link, quick-joins as a guest and refuses a taken name',
    { timeout: 150_000 },
    async () => {
      const leagueName = `Office League ${Date.now()}`;

      // Signed out: hero, quick join and the rules.
      const visitor = await openSession(browser, 1280);
      await visitor.page.goto('/');
      await visitor.page.getByTestId('home-quick-join').waitFor();
      await capture(visitor.page, 'leagues-home-signed-out', 'quick-join-form');
      await visitor.context.close();

      // A signs up and creates a league with two teams.
      const a = await openSession(browser, 1280);
      await a.page.goto('/');
      await a.page.getByTestId('login-button').click();
      await signUpInDialog(a.page, 'Ann Admin');
      await a.page.getByTestId('home-create-league').click();
      await a.page.getByTestId('create-league-name').fill(leagueName);
      await a.page.getByTestId('create-league-team').fill('Ann Athletic');
      await a.page.getByTestId('create-league-second-team').fill('Ann Rovers');
      expect(await a.page.getByTestId('create-league-competition').inputValue()).toBe(
        'premier_league',
      );
      await a.page.getByTestId('create-league-submit').click();
      await a.page.getByTestId('create-league-success').waitFor();
      await a.page.getByText('Both teams created successfully!').first().waitFor();
      const code = (await a.page.getByTestId('create-league-invite-code').textContent()) ?? '';
      const link = (await a.page.getByTestId('create-league-invite-link').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z0-9]{6}$/);
      expect(link).toBe(`${baseUrl()}/join?code=${code}`);
      const whatsapp = await a.page
        .getByTestId('create-league-invite-whatsapp')
        .getAttribute('href');
      expect(decodeURIComponent(whatsapp ?? '')).toContain(
        `Join my Premier League prediction league "${leagueName}" on FirstGoal!`,
      );
      await expect.poll(() => pathOf(a.page), { timeout: 15_000 }).toBe('/dashboard');
      await a.page.getByTestId('create-league-done').click();
      expect(await a.page.getByTestId('dashboard-league').textContent()).toBe(leagueName);
      const leagueId = (await myLeagues(a.page)).find((l) => l.name === leagueName)?.id ?? '';
      expect(leagueId).not.toBe('');

      // B opens the invite link signed out, signs up there and joins with a team.
      const b = await openSession(browser, 375);
      await b.page.goto(link.replace(baseUrl(), ''));
      await b.page.getByTestId('join-link-card').waitFor();
      expect(pathOf(b.page)).toBe('/premier-league');
      expect(await b.page.getByTestId('join-link-code').textContent()).toBe(code);
      await b.page.getByTestId('join-link-sign-in').click();
      await signUpInDialog(b.page, 'Bea Player');
      await b.page.getByTestId('join-link-dialog-input').fill('Bea United');
      await b.page.getByTestId('join-link-dialog-submit').click();
      await b.page.getByText(`Successfully joined ${leagueName}!`).first().waitFor();
      await expect.poll(() => new URL(b.page.url()).search, { timeout: 15_000 }).toBe('');

      // Both see three teams on the league page and in the standings.
      await a.page.goto(`/league/${leagueId}`);
      await a.page.getByTestId('league-members').waitFor();
      expect(await a.page.getByTestId('league-member-row').count()).toBe(3);
      await b.page.goto(`/league/${leagueId}`);
      await b.page.getByTestId('league-members').waitFor();
      const bMembers = b.page.getByTestId('league-members').locator('ol > li');
      expect(await bMembers.count()).toBe(3);
      for (const team of ['Ann Athletic', 'Ann Rovers', 'Bea United']) {
        expect(await b.page.getByTestId('league-members').textContent()).toContain(team);
      }
      await a.page.goto(`/league/${leagueId}/standings`);
      await a.page.getByTestId('standings-table').waitFor();
      expect(await a.page.getByTestId('standings-table-row').count()).toBe(3);
      await b.page.getByTestId('league-standings-link').click();
      await b.page.getByTestId('standings-table').waitFor();
      expect(await b.page.getByTestId('standings-table').locator('ol > li').count()).toBe(3);
      expect(b.errors).toEqual([]);
      await b.context.close();

      // A guest quick-joins from the home page with the code and a team name.
      const guest = await openSession(browser, 375);
      await guest.page.goto('/');
      await guest.page.getByTestId('quick-join-team').fill('Guest Wanderers');
      await guest.page.getByTestId('quick-join-code').fill(code.toLowerCase());
      expect(await guest.page.getByTestId('quick-join-code').inputValue()).toBe(code);
      await guest.page.getByTestId('quick-join-submit').click();
      await expect.poll(() => pathOf(guest.page), { timeout: 15_000 }).toBe('/dashboard');
      await guest.page.getByTestId('dashboard-team').waitFor();
      expect(await guest.page.getByTestId('dashboard-team').textContent()).toBe('Guest Wanderers');
      expect(guest.errors).toEqual([]);
      await guest.context.close();

      // Anyone else is refused that team name.
      const other = await openSession(browser, 1280);
      await other.page.goto('/');
      await other.page.getByTestId('quick-join-team').fill('guest wanderers');
      await other.page.getByTestId('quick-join-code').fill(code);
      await other.page.getByTestId('quick-join-submit').click();
      await other.page.getByTestId('quick-join-error').waitFor();
      expect(await other.page.getByTestId('quick-join-error').textContent()).toBe(
        'This team name is already taken in this league.',
      );
      expect(pathOf(other.page)).toBe('/');
      await other.context.close();

      // A creates a second league (Bundesliga) and sees both on home.
      await a.page.goto('/');
      await a.page.getByTestId('home-create-another').click();
      await a.page.getByTestId('create-league-name').fill(`${leagueName} BL`);
      await a.page.getByTestId('create-league-team').fill('Ann Kickers');
      await a.page.getByTestId('create-league-competition').selectOption('bundesliga_2025');
      await a.page.getByTestId('create-league-submit').click();
      await a.page.getByTestId('create-league-success').waitFor();
      await a.page.getByTestId('create-league-done').click();
      await a.page.goto('/');
      await a.page.getByTestId('home-league-switcher').selectOption(leagueId);
      await a.page.getByTestId('home-team-switcher').waitFor();
      expect(await a.page.getByTestId('home-active').textContent()).toContain(leagueName);
      await a.page.getByTestId('home-other-teams').waitFor();
      await a.page.getByTestId('statistics-table').waitFor();
      await capture(a.page, 'leagues-home-signed-in', 'home-welcome');

      // The hub on home: the next deadline with its countdown, each team's rank and missing
      // picks, and the active league's top 10 on the page.
      await a.page.getByTestId('hub-team').first().waitFor();
      expect(await a.page.getByTestId('hub-team').count()).toBe(3);
      expect(await a.page.getByTestId('hub-countdown').textContent()).toMatch(/^Locks in \d/);
      expect(await a.page.getByTestId('hub-missing-total').textContent()).toMatch(
        /^\d+ picks missing$/,
      );
      const rovers = a.page.locator('[data-testid="hub-team"][data-team="Ann Rovers"]');
      expect(await rovers.getByTestId('hub-rank').textContent()).toMatch(/^#\d+ of 4$/);
      await a.page.getByTestId('home-top-table').waitFor();
      await capture(a.page, 'leagues-home-hub', 'hub');
      // 'My leagues' in the header reaches each league's standings in one tap.
      await a.page.getByTestId('nav-my-leagues').click();
      expect(await a.page.getByTestId('my-leagues-link').count()).toBe(2);
      await a.page
        .getByTestId('my-leagues-link')
        .filter({ hasText: `${leagueName} BL` })
        .click();
      await a.page.getByTestId('standings-table').waitFor();
      expect(pathOf(a.page)).toMatch(/^\/league\/[^/]+\/standings$/);
      expect(pathOf(a.page)).not.toBe(`/league/${leagueId}/standings`);
      await a.page.goto('/');
      await a.page.getByTestId('hub-team').first().waitFor();
      // One tap on a team's missing picks opens its board with that team active.
      await rovers.getByTestId('hub-team-fill').click();
      await expect.poll(() => pathOf(a.page), { timeout: 15_000 }).toBe('/premier-league');
      const roversId = (
        (await a.page.evaluate(async () => {
          const response = await fetch('/api/leagues/mine');
          return (
            (await response.json()) as { leagues: { teams: { id: string; name: string }[] }[] }
          ).leagues;
        })) ?? []
      )
        .flatMap((l) => l.teams)
        .find((team) => team.name === 'Ann Rovers')?.id;
      expect(await a.page.evaluate(() => localStorage.getItem('currentTeamId'))).toBe(roversId);

      await a.page.goto('/dashboard');
      await expect
        .poll(() => a.page.getByTestId('dashboard-jokers').textContent(), { timeout: 15_000 })
        .toBe('2');
      await capture(a.page, 'leagues-dashboard', 'dashboard-actions');

      await a.page.goto(`/league/${leagueId}`);
      await a.page.getByTestId('league-fixtures').waitFor();
      await a.page.getByTestId('league-settings').waitFor();
      expect(await a.page.getByTestId('league-member-row').count()).toBe(4);
      await capture(a.page, 'leagues-league-page', 'league-members');

      await a.page.goto(`/league/${leagueId}/standings`);
      await capture(a.page, 'leagues-standings', 'standings-table');
      expect(a.errors).toEqual([]);
      await a.context.close();
    },
  );

  it(
    'keeps a removed player out until the league admin lets them back in',
    { timeout: 120_000 },
    async () => {
      const leagueName = `Barred League ${Date.now()}`;
      const admin = await openSession(browser, 1280);
      await signInOrUp(admin.context, uniqueEmail('bar-admin'), 'Bar Admin');
      const headers = { origin: baseUrl() };
      const created = await admin.context.request.post('/api/leagues', {
        data: { leagueName, teamName: 'Admin Albion' },
        headers,
      });
      const { league } = (await created.json()) as { league: { id: string; inviteCode: string } };

      const player = await openSession(browser, 375);
      await signInOrUp(player.context, uniqueEmail('bar-player'), 'Rita Removed');
      const joined = await player.context.request.post('/api/leagues/join', {
        data: { codeOrName: league.inviteCode, teamName: 'Rita Rovers' },
        headers,
      });
      expect(joined.status()).toBe(201);

      // The admin removes Rita's team from the league settings.
      await admin.page.goto(`/league/${league.id}`);
      await admin.page.getByTestId('league-settings').waitFor();
      await admin.page.getByRole('button', { name: 'Remove Rita Rovers' }).click();
      await admin.page.getByTestId('confirm-submit').click();
      await admin.page.getByTestId('settings-bars').waitFor();
      expect(await admin.page.getByTestId('settings-bars').textContent()).toContain(
        'Rita RemovedRemoved team: Rita Rovers',
      );
      // The toast shows (its library loads with the first one) and fades out first (axe reads a
      // half-transparent toast as low contrast).
      const toast = admin.page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      await toast.waitFor({ state: 'detached' });
      await capture(admin.page, 'leagues-settings-removed', 'settings-bars');

      // Rita follows the invite link again: refused, with the reason.
      await player.page.goto(`/join?code=${league.inviteCode}`);
      await player.page.getByTestId('join-link-dialog-input').fill('Rita Returns');
      await player.page.getByTestId('join-link-dialog-submit').click();
      await player.page
        .getByText('You were removed from this league. Ask the league admin to let you back in.')
        .first()
        .waitFor();
      await screenshot(player.page, 'leagues-join-removed');

      // Her view of the league page carries no invite code any more.
      await player.page.goto(`/league/${league.id}`);
      await player.page.getByTestId('league-members').waitFor();
      expect(await player.page.getByTestId('league-share-link').count()).toBe(0);
      expect(await player.page.content()).not.toContain(league.inviteCode);
      await capture(player.page, 'leagues-page-outsider', 'league-members');

      // Let back in: she joins again.
      await admin.page.getByTestId('settings-lift-bar').click();
      await admin.page.getByText('Rita Removed can join again.').first().waitFor();
      await expect
        .poll(() => admin.page.getByTestId('settings-bars').count(), { timeout: 15_000 })
        .toBe(0);
      const again = await player.context.request.post('/api/leagues/join', {
        data: { codeOrName: league.inviteCode, teamName: 'Rita Returns' },
        headers,
      });
      expect(again.status()).toBe(201);
      expect(admin.errors).toEqual([]);
      await admin.context.close();
      await player.context.close();
    },
  );

  it(
    'lets the league admin set the rules, which every member then sees',
    { timeout: 120_000 },
    async () => {
      const headers = { origin: baseUrl() };
      const admin = await openSession(browser, 1280);
      await signInOrUp(admin.context, uniqueEmail('rules-admin'), 'Rhea Rules');
      const created = await admin.context.request.post('/api/leagues', {
        data: { leagueName: `Rules League ${Date.now()}`, teamName: 'Rule Rovers' },
        headers,
      });
      const { league } = (await created.json()) as { league: { id: string; inviteCode: string } };
      const member = await openSession(browser, 375);
      await signInOrUp(member.context, uniqueEmail('rules-member'), 'Milo Member');
      await member.context.request.post('/api/leagues/join', {
        data: { codeOrName: league.inviteCode, teamName: 'Member Magpies' },
        headers,
      });

      await admin.page.goto(`/league/${league.id}`);
      const card = admin.page.getByTestId('league-rules');
      await card.waitFor();
      expect(await card.textContent()).toContain('standard FirstGoal rules');
      expect(await admin.page.getByTestId('rules-deadline').textContent()).toContain('at kick-off');

      // A value out of range is refused in the form (the server refuses it too).
      await admin.page.getByTestId('rules-edit').click();
      await admin.page.getByTestId('rules-input-outcomePoints').fill('11');
      await admin.page.getByTestId('rules-submit').click();
      await admin.page.getByText('Enter a whole number from 0 to 10.').first().waitFor();
      await admin.page.getByTestId('rules-input-outcomePoints').fill('2');
      await admin.page.getByTestId('rules-input-minutePoints').fill('5');
      await admin.page.getByTestId('rules-input-jokers').fill('1');
      await admin.page.getByTestId('rules-input-lockMinutesBefore').fill('30');
      await admin.page.getByTestId('rules-near-miss').click();
      await admin.page.getByTestId('rules-input-nearMissPoints').fill('1');
      await admin.page.getByTestId('rules-input-nearMissMinutes').fill('3');
      for (const width of widths) {
        await admin.page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await screenshot(admin.page, 'leagues-rules-dialog');
      }
      expect(await seriousViolations(admin.page)).toEqual([]);
      await admin.page.getByTestId('rules-submit').click();
      await admin.page.getByText('League rules saved.').first().waitFor();
      await admin.page.getByTestId('rules-dialog').waitFor({ state: 'detached' });
      expect(await admin.page.getByTestId('rules-outcome').textContent()).toContain('2 points');
      expect(await admin.page.getByTestId('rules-minute').textContent()).toContain('5 points');
      expect(await admin.page.getByTestId('rules-near-miss-row').textContent()).toContain(
        'First-goal minute within ±31 point',
      );
      expect(await admin.page.getByTestId('rules-jokers').textContent()).toContain('1 joker');
      expect(await admin.page.getByTestId('rules-deadline').textContent()).toContain(
        '30 minutes before kick-off',
      );
      const toast = admin.page.locator('[data-sonner-toast]').first();
      await toast.waitFor({ state: 'detached' });
      await capture(admin.page, 'leagues-rules-admin', 'league-rules');

      // The member sees them on the league page (without editing), the rules page and the
      // standings page says how ties are broken.
      await member.page.goto(`/league/${league.id}`);
      await member.page.getByTestId('rules-deadline').waitFor();
      expect(await member.page.getByTestId('rules-deadline').textContent()).toContain(
        '30 minutes before kick-off',
      );
      expect(await member.page.getByTestId('rules-edit').count()).toBe(0);
      await capture(member.page, 'leagues-rules-member', 'league-rules');
      await member.page.goto('/rules');
      await member.page.getByTestId('rules-jokers').waitFor();
      expect(await member.page.getByTestId('league-rules').textContent()).toContain('Rules of');
      await capture(member.page, 'rules-page-league', 'league-rules');
      await member.page.goto(`/league/${league.id}/standings`);
      await member.page.getByTestId('standings-tie-break').waitFor();
      expect(admin.errors).toEqual([]);
      expect(member.errors).toEqual([]);
      await admin.context.close();
      await member.context.close();
    },
  );

  it(
    'lets the league admin hand the league over, and a player leave it',
    { timeout: 120_000 },
    async () => {
      const headers = { origin: baseUrl() };
      const admin = await openSession(browser, 1280);
      await signInOrUp(admin.context, uniqueEmail('handover-admin'), 'Hana Handover');
      const created = await admin.context.request.post('/api/leagues', {
        data: { leagueName: `Handover League ${Date.now()}`, teamName: 'Hana Hawks' },
        headers,
      });
      const { league } = (await created.json()) as {
        league: { id: string; name: string; inviteCode: string };
      };
      const member = await openSession(browser, 375);
      await signInOrUp(member.context, uniqueEmail('handover-member'), 'Omar Owner');
      await member.context.request.post('/api/leagues/join', {
        data: { codeOrName: league.inviteCode, teamName: 'Omar Otters' },
        headers,
      });

      // The admin makes Omar the league admin (no button on the admin's own team).
      await admin.page.goto(`/league/${league.id}`);
      await admin.page.getByTestId('league-settings').waitFor();
      expect(await admin.page.getByTestId('settings-make-admin').count()).toBe(1);
      await admin.page
        .getByRole('button', { name: 'Make Omar Owner (Omar Otters) the league admin' })
        .click();
      await admin.page.getByTestId('confirm-submit').click();
      await admin.page.getByText('Omar Owner now runs the league.').first().waitFor();
      await admin.page.getByTestId('league-settings').waitFor({ state: 'detached' });

      // Omar, now its admin, leaves with his only team: told where the role goes, then home.
      await member.page.goto(`/league/${league.id}`);
      await member.page.getByTestId('league-settings').waitFor();
      await member.page.getByTestId('leave-league-team').click();
      await member.page.getByTestId('leave-dialog').waitFor();
      expect(await member.page.getByTestId('leave-dialog').textContent()).toContain(
        'the admin role passes to the member who joined first',
      );
      await screenshot(member.page, 'leagues-leave-dialog');
      expect(await seriousViolations(member.page)).toEqual([]);
      await member.page.getByTestId('leave-submit').click();
      await member.page.getByText(`Omar Otters left ${league.name}.`).first().waitFor();
      await member.page.waitForURL((url) => url.pathname === '/');

      // Hana runs the league again.
      await admin.page.reload();
      await admin.page.getByTestId('league-settings').waitFor();
      expect(await admin.page.getByTestId('league-member-row').count()).toBe(1);
      expect(admin.errors).toEqual([]);
      expect(member.errors).toEqual([]);
      await admin.context.close();
      await member.context.close();
    },
  );

  it('offers Login on a signed-out /dashboard and stays there once signed in', async () => {
    const { page, context } = await openSession(browser, 375);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-signed-out').waitFor();
    // Issue 54 (13): not a dead end with a bare tab title.
    expect(await page.title()).toBe('Dashboard · FirstGoal');
    expect(await page.getByTestId('dashboard-go-home').getAttribute('href')).toBe('/');
    await capture(page, 'dashboard-signed-out', 'dashboard-login');
    await page.getByTestId('dashboard-login').click();
    await signUpInDialog(page, 'Dora Dashboard');
    await page.getByTestId('dashboard-summary').waitFor();
    expect(pathOf(page)).toBe('/dashboard');
    expect(await page.getByTestId('dashboard-name').textContent()).toContain('Dora Dashboard');
    await context.close();
  });

  it('names the league beside two same-named teams in home’s latest results', async () => {
    const stamp = Date.now().toString(36);
    const headers = { origin: baseUrl() };
    const cup = await adminCompetition(browser, 'twin-cup', 'Twin Cup');
    const { id: competitionId, admin } = cup;
    const serverTime = await cup.serverNow();
    const fixtureId = await cup.addFixture(new Date(serverTime + 86_400_000));

    const { page, context, errors } = await openSession(browser, 375);
    await signInOrUp(context, uniqueEmail('twins'), 'Alice Twin');
    const leagueNames = [`Sunday Pub ${stamp}`, `Office ${stamp}`];
    for (const [i, leagueName] of leagueNames.entries()) {
      const league = await context.request.post('/api/leagues', {
        data: { leagueName, teamName: 'Alice Athletic', competitionId },
        headers,
      });
      expect(league.status(), await league.text()).toBe(201);
      const teamId = ((await league.json()) as { teams: { id: string }[] }).teams[0]?.id;
      const saved = await context.request.put('/api/predictions', {
        data: {
          teamId,
          predictions: [{ fixtureId, outcome: '1', firstGoalMinute: i === 0 ? 5 : 30 }],
        },
        headers,
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    // Played: kicked off two hours ago, 1–0 in the 5th minute.
    const played = await admin.request.patch(`/api/admin/fixtures/${fixtureId}`, {
      data: {
        kickoffAt: new Date(serverTime - 2 * 3_600_000).toISOString(),
        status: 'final',
        homeScore: 1,
        awayScore: 0,
        firstGoalMinute: 5,
      },
      headers,
    });
    expect(played.status(), await played.text()).toBe(200);
    await admin.close();

    await page.goto('/');
    const result = page.getByTestId('hub-result').filter({ hasText: 'Arsenal' });
    await result.waitFor();
    const lines = await result.getByTestId('hub-pick').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`Alice Athletic (${leagueNames[1]}): 1 · 30'`);
    expect(lines[1]).toContain(`Alice Athletic (${leagueNames[0]}): 1 · 5'`);
    await result.scrollIntoViewIfNeeded();
    await capture(page, 'home-results-same-team-names', 'hub-result');
    // Issue 54 (4): the round is named in the viewer's language there too.
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'es'));
    await page.reload();
    await expect
      .poll(() => page.getByTestId('hub-result').filter({ hasText: 'Arsenal' }).textContent())
      .toContain('Jornada 1');
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends /join with an unknown code to /competitions and shows League not found', async () => {
    const { page, context } = await openSession(browser, 375);
    await page.goto('/join?code=ZZZZZZ');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/competitions');
    // Not silently: the page says the invite led nowhere.
    const notice = page.getByTestId('invite-not-found');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(
      /^Invalid league code or name\. The invite link may be/,
    );
    await screenshot(page, 'invite-not-found');
    await page.goto('/league/no-such-league');
    await page.getByTestId('league-not-found').waitFor();
    expect(await page.getByTestId('league-not-found').textContent()).toContain('League not found.');
    await context.close();
  });
});

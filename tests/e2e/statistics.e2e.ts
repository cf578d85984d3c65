import SQLite from 'better-sqlite3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  baseUrl,
  clientHeaders,
  launchBrowser,
  openSession,
  screenshot,
  screenshotDir,
  seriousViolations,
  signInOrUp,
  uniqueEmail,
  widths,
} from './support';

// Statistics (issue 14): a Premier League league of four teams whose picks of the season's
// played rounds (up to the sixth) arrive by bulk load and are counted by the site admin's Save & Recalculate. Its
// standings page shows the league's figures and opens a team's statistics (points per round and
// place over the season); My Teams sums each team up and opens the same dialog.
let browser: Browser;
let admin: BrowserContext;
let owner: BrowserContext;
let leagueId = '';
const teamNames = ['Stat Strikers', 'Draw Masters', 'Minute Men', 'Late Runners'];

const headers = () => ({ origin: baseUrl() });

/** A deterministic spread of picks: draws for one team, a favourite minute for another. */
const pickOf = (team: number, fixture: number) => {
  const outcomes = ['1', 'X', '2'] as const;
  const outcome = team === 1 && fixture % 3 !== 2 ? 'X' : outcomes[(team * 7 + fixture * 5) % 3];
  const minutes = [12, 23, 45, 0, 67, 31];
  const minute = team === 2 && fixture % 2 === 0 ? 23 : minutes[(team + fixture * 3) % 6];
  return { outcome: outcome ?? '1', minute: minute ?? 0, joker: fixture === team * 3 ? 1 : 0 };
};

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await signInOrUp(admin, inject('adminEmail'), 'Site Admin');
  owner = await browser.newContext({ baseURL: baseUrl(), extraHTTPHeaders: clientHeaders() });
  await signInOrUp(owner, uniqueEmail('stats-owner'), 'Stat Owner');
  const created = await owner.request.post('/api/leagues', {
    data: { leagueName: `Stats League ${Date.now()}`, teamName: teamNames[0] },
    headers: headers(),
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { league: { id: string; inviteCode: string } };
  leagueId = body.league.id;
  for (const name of teamNames.slice(1)) {
    const other = await browser.newContext({
      baseURL: baseUrl(),
      extraHTTPHeaders: clientHeaders(),
    });
    await signInOrUp(other, uniqueEmail('stats-member'), `${name} Boss`);
    const joined = await other.request.post('/api/leagues/join', {
      data: { codeOrName: body.league.inviteCode, teamName: name },
      headers: headers(),
    });
    expect(joined.status()).toBe(201);
    await other.close();
  }

  // Picks of the first six played rounds, written straight into the database (they are locked
  // for saves), then counted fixture by fixture as after a bulk load.
  const database = new SQLite(inject('databasePath'));
  const finals = database
    .prepare(
      `select f.id from fixtures f where f.competition_id = 'premier_league' and f.status = 'final'
        and f.round_order <= 6 and f.season = (select season from fixtures where id = 'premier_league_e2e_1')
        order by f.round_order, f.kickoff_at, f.id`,
    )
    .all() as { id: string }[];
  const teams = database
    .prepare('select id, name from teams where league_id = ? order by name')
    .all(leagueId) as { id: string; name: string }[];
  const insert = database.prepare(`insert into predictions
    (team_id, fixture_id, outcome, first_goal_minute, joker, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, ?)`);
  const at = new Date().toISOString();
  database.transaction(() => {
    for (const team of teams) {
      const t = teamNames.indexOf(team.name);
      // The last team joined late: its picks start with the fourth round.
      finals.forEach((f, i) => {
        if (t === 3 && i < 30) return;
        const p = pickOf(t, i);
        insert.run(team.id, f.id, p.outcome, p.minute, p.joker, at, at);
      });
    }
  })();
  database.close();
  expect(finals.length).toBeGreaterThan(20);
  for (const f of finals) {
    const res = await admin.request.post(`/api/admin/fixtures/${f.id}/recalculate`, {
      headers: headers(),
    });
    expect(res.status()).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await admin.close();
  await owner.close();
  await browser.close();
});

const shoot = async (page: Page, name: string) => {
  await screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
};

/** A dialog is fixed to the viewport: what the player sees is the viewport, not the full page. */
const shootDialog = async (page: Page, name: string) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png` });
  expect(await seriousViolations(page), name).toEqual([]);
};

describe('statistics', () => {
  for (const width of widths) {
    it(`shows the league's figures and a team's chart on the standings page at ${width} px`, async () => {
      const { context, page, errors } = await openSession(browser, width);
      await context.addCookies(await owner.cookies());
      await page.goto(`/league/${leagueId}/standings`);
      // The figures load when their section comes near the screen, as a player scrolls to it.
      await page.locator('#standings-statistics').scrollIntoViewIfNeeded();
      await page.getByTestId('league-figures').waitFor();
      expect(await page.getByTestId('draws-leaders').locator('li').first().textContent()).toContain(
        'Draw Masters',
      );
      expect(await page.getByTestId('top-minutes').locator('li').count()).toBe(3);
      expect(await page.getByTestId('top-minutes').locator('li').first().textContent()).toMatch(
        /^Minute 23/,
      );
      await shoot(page, 'statistics-standings');

      await page
        .locator('[data-testid="statistics-open"]:visible')
        .filter({ hasText: 'Minute Men' })
        .click();
      const dialog = page.getByTestId('team-stats-dialog');
      await dialog.getByTestId('stats-points-chart').waitFor();
      await dialog.getByTestId('stats-rank-chart').waitFor();
      // A bar and a point per round with a result, and the values in a table for screen readers.
      const rounds = await dialog.locator('table tbody tr').count();
      expect(rounds).toBeGreaterThanOrEqual(4);
      expect(await dialog.getByTestId('stats-points-chart').locator('rect').count()).toBe(rounds);
      expect(await dialog.getByTestId('stats-rank-chart').locator('circle').count()).toBe(rounds);
      expect(await dialog.locator('table caption').textContent()).toContain('Minute Men');
      await page.waitForTimeout(300); // the dialog's opening animation
      await shootDialog(page, 'statistics-team-dialog');
      if (width === 1280) {
        await page.emulateMedia({ colorScheme: 'dark' });
        await shootDialog(page, 'statistics-team-dialog-dark');
        await page.emulateMedia({ colorScheme: 'light' });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sums each of my teams up on My Teams and opens the same statistics', async () => {
    for (const width of widths) {
      const { context, page, errors } = await openSession(browser, width);
      await context.addCookies(await owner.cookies());
      await page.goto('/team');
      const summary = page.getByTestId('team-stats-summary').first();
      await summary.waitFor();
      await expect
        .poll(() => summary.textContent(), { timeout: 10_000 })
        .toMatch(/outcomes right · \d+ exact minutes? · place \d of 4/);
      await shoot(page, 'statistics-my-teams');
      // My predictions: each played match shows its result, the pick and the points, labelled.
      const visible = page.locator('[data-testid="team-prediction"]:visible');
      await visible.first().waitFor();
      const first = visible.first();
      expect(await first.getByTestId('team-prediction-result').textContent()).toMatch(
        /^(Result)?\d+–\d+(First goal \d+'|No goals|First-goal minute to be confirmed)$/,
      );
      expect(await first.getByTestId('team-prediction-pick').textContent()).toMatch(
        /^(Your pick)?(Home Win|Draw|Away Win)(( · )?(\d+'|No goals))?(( · )?Joker)?$/,
      );
      expect(await first.getByTestId('team-prediction-points').textContent()).toMatch(
        /^(Points)?\d+ points?$/,
      );
      if (width === 375) {
        expect(await first.locator('dt').allTextContents()).toEqual([
          'Result',
          'Your pick',
          'Points',
        ]);
      } else {
        const pick = first.getByTestId('team-prediction-pick').locator('span');
        // 'Home Win · 23′' stays on one line.
        const box = await pick.boundingBox();
        expect(box?.height ?? 99).toBeLessThan(24);
      }
      await first.screenshot({ path: `${screenshotDir}/statistics-my-prediction-${width}.png` });
      await page
        .getByTestId('team-league-card')
        .first()
        .screenshot({ path: `${screenshotDir}/statistics-my-teams-card-${width}.png` });
      await summary.getByTestId('team-stats-open').click();
      await page.getByTestId('team-stats-dialog').getByTestId('stats-rank-chart').waitFor();
      await page.waitForTimeout(300);
      await shootDialog(page, 'statistics-my-teams-dialog');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

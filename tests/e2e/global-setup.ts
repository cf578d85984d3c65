import { championsLeague, championsLeagueSeason } from '../setup/espn-season';
import SQLite from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLiveSourcesServer } from '../setup/live-sources-server';
import { startOpenFootballServer } from '../setup/openfootball-server';
import { sharedAvailable } from '../setup/shared';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    /** The server's SQLite file (tests that bulk-load a large league write to it directly). */
    databasePath: string;
    /** The ESPN and OpenLigaDB stand-in (its /__control/ routes move a match along). */
    liveSourcesUrl: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const unpairedMatch = {
  id: '770001',
  uid: 's:600~l:700~e:770001',
  date: '2026-09-12T14:00Z',
  status: {
    displayClock: "90'+3'",
    type: { name: 'STATUS_FULL_TIME', state: 'post', completed: true },
  },
  competitions: [
    {
      competitors: [
        { id: '1', homeAway: 'home', score: '1', team: { displayName: 'Unknown Rovers' } },
        { id: '2', homeAway: 'away', score: '0', team: { displayName: 'Nobody United' } },
      ],
      details: [
        { scoringPlay: true, shootout: false, clock: { displayValue: "9'" }, team: { id: '1' } },
      ],
    },
  ],
};

/**
 * ADMIN_EMAILS makes an address a site admin once its owner proved it (issue 51): the admin signs
 * up here and opens the link the server mailed it (its outbox: no SMTP in this suite), as its
 * owner would; the files then sign in to it. The password is support.ts's `testPassword`.
 */
const signUpAdmin = async (baseUrl: string, email: string, databasePath: string) => {
  const signedUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-9', name: 'Site Admin' }),
  });
  if (!signedUp.ok) throw new Error(`admin sign-up: ${signedUp.status} ${await signedUp.text()}`);
  const database = new SQLite(databasePath, { readonly: true });
  let text: string | undefined;
  try {
    const row = database
      .prepare(
        "select text_body from outbox where kind = 'verify-email' and to_address = ? order by created_at desc",
      )
      .get(email) as { text_body: string } | undefined;
    text = row?.text_body;
  } finally {
    database.close();
  }
  const link = text?.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  const opened = await fetch(link, { redirect: 'manual' });
  if (opened.status !== 302) throw new Error(`admin's confirmation link: ${opened.status}`);
};

/** Starts the real server (tests/e2e/server.ts: npm start's path plus seeded fixtures) on a fresh SQLite file. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'firstgoal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminEmail = 'admin@firstgoal.test';
  // openfootball's season files served locally (the admin's 'Sync now' reads them), never the
  // real site: the suite needs no network.
  const seasonFiles: Record<string, string[]> = sharedAvailable('data/football.json/2026-27')
    ? { '2026-27': ['en.1', 'en.2', 'de.1', 'es.1', 'fr.1', 'it.1', 'nl.1', 'pt.1'] }
    : {};
  const openfootball = await startOpenFootballServer(seasonFiles);
  // ESPN and OpenLigaDB stand-ins: the admin's 'Sync now' also reads the live sources.
  const live = await startLiveSourcesServer();
  live.setOpenLigaDb('/getmatchdata/bl1/2026', []);
  // A Premier League match of the 2026-27 season under names no fixture has: the admin's sync
  // lists it for linking by hand.
  live.setEspn([unpairedMatch]);
  // The Champions League's 2026-27 season as ESPN lists it month by month (issue 50): the
  // 2024-25 competition moved two years, its knockout slots still to be drawn.
  if (sharedAvailable('data/football.json'))
    live.setEspnSeason('uefa.champions', {
      seasons: [championsLeagueSeason],
      matches: championsLeague(),
    });
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, 'e2e.sqlite')}`,
      ADMIN_EMAILS: adminEmail,
      OPENFOOTBALL_URL: openfootball.url,
      // No background polling (the suite pins no clock); 'Sync now' reads the stand-ins.
      LIVE_SYNC: 'false',
      ESPN_URL: live.url,
      OPENLIGADB_URL: live.url,
      // Lets each browser test pose as its own client address (contact form limit: 5 per hour).
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Every browser test opens a page: a server that does not serve the built web app would let
  // each of them time out one by one (the suite then outlasts CI). Stop here instead, in seconds.
  const home = await fetch(`${baseUrl}/`);
  const html = await home.text();
  if (!home.ok || !html.includes('<div id="root">')) {
    server.kill('SIGTERM');
    throw new Error(
      `the server does not serve the web app at / (${home.status}): is dist/web built?`,
    );
  }
  await signUpAdmin(baseUrl, adminEmail, join(dataDir, 'e2e.sqlite'));
  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', adminEmail);
  project.provide('databasePath', join(dataDir, 'e2e.sqlite'));
  project.provide('liveSourcesUrl', live.url);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    await openfootball.close();
    await live.close();
  };
}

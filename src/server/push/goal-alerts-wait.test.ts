import { describe, expect, it } from 'vitest';
import { insertFixtures } from '../../../tests/setup/fixtures';
import { appPerFile } from '../../../tests/setup/test-app';
import { sendGoalAlerts } from './goal-alerts';

// 'Full time' tells each team its points: while the fixture's scoring run has leagues to go,
// the alerts wait (the job looks again a few seconds later).
const t = appPerFile();

describe('full-time alerts', () => {
  it('wait while the fixture is still being scored, and go once it is', async () => {
    await insertFixtures(t, [{ id: 'ga_1', kickoffAt: '2031-03-01T15:00:00Z', status: 'final' }]);
    const { db } = t.services.database;
    await db
      .insertInto('tally_runs')
      .values({ fixture_id: 'ga_1', queued_at: new Date().toISOString() })
      .execute();
    expect(await sendGoalAlerts(t.services, 'ga_1')).toMatchObject({ waiting: true });
    await db.deleteFrom('tally_runs').where('fixture_id', '=', 'ga_1').execute();
    expect(await sendGoalAlerts(t.services, 'ga_1')).toMatchObject({ waiting: false });
  });
});

import type { SessionUser } from '../auth/auth';
import { auditActorOf, writeAudit } from '../audit/repository';
import type { Services } from '../context';
import { inTransaction } from '../db/transaction';
import * as leagues from '../leagues/repository';
import { passAdminRole } from '../leagues/membership-service';
import { predictionsForExport } from '../predictions-store/repository';
import * as repo from './repository';

type Deps = Pick<Services, 'database'>;

/**
 * 'Download my data': everything FirstGoal holds about the player, as JSON — the account, its
 * teams with every prediction and bonus answer, the leagues it runs, its reminder, push and calendar
 * settings and the messages it posted in leagues.
 */
export const exportData = async ({ database }: Deps, user: SessionUser, now: Date) => {
  const { db } = database;
  const [account, teams, predictions, bonus, administered, settings, messages] = await Promise.all([
    repo.accountOf(db, user.id),
    repo.teamsOfUser(db, user.id),
    predictionsForExport(db, user.id),
    repo.bonusAnswersOfUser(db, user.id),
    repo.leaguesRunBy(db, user.id),
    repo.settingsOf(db, user.id),
    repo.messagesOfUser(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    account,
    teams: teams.map((team) => ({
      ...team,
      predictions: predictions.filter((p) => p.teamId === team.id).map(({ teamId: _, ...p }) => p),
      bonusAnswers: bonus.filter((a) => a.teamId === team.id).map(({ teamId: _, ...a }) => a),
    })),
    leaguesYouRun: administered,
    settings,
    messages,
  };
};

/**
 * Deletes the account: its teams and their predictions go; a league it runs passes to the
 * longest-standing other member, or is deleted when nobody is left. One transaction, audited.
 */
export const deleteAccount = async ({ database }: Deps, user: SessionUser, now: Date) => {
  const { db } = database;
  const run = await leagues.leaguesRunByUser(db, user.id);
  return inTransaction(db, async (trx) => {
    for (const teamId of await repo.teamIdsOf(trx, user.id)) await leagues.deleteTeam(trx, teamId);
    const handed: { leagueId: string; to: string | null; deleted: boolean }[] = [];
    for (const league of run) {
      const passed = await passAdminRole(trx, league, user.id, now);
      handed.push({ leagueId: league.id, to: passed.heir, deleted: passed.deleted });
    }
    await writeAudit(
      trx,
      auditActorOf(user),
      {
        action: 'account.delete',
        entityType: 'user',
        entityId: user.id,
        before: { email: user.email, name: user.name },
        after: { leagues: handed },
      },
      now,
    );
    // Their messages lose their text and author ('deleted player'); replies to them stay.
    await repo.forgetAuthor(trx, user.id, now.toISOString());
    await repo.deleteUser(trx, user.id);
    return { leagues: handed };
  });
};

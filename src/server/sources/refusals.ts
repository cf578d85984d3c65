import { cleanName } from '../../domain/league-names';
import type { RefusalReason } from '../../domain/sources/checks';
import type { SourceId } from '../../domain/sources/ids';
import type { Services } from '../context';
import { inDerivedTransaction } from '../db/transaction';
import { sourceRefusals } from '../runtime/metrics';
import type { Refusal } from './read';
import { addRefusals, refusalsSince } from './refusals-repository';

type Deps = Pick<Services, 'database' | 'logger'>;

/** Details logged already: a refusal repeated by every poll is logged once per process. */
const logged = new Set<string>();

/**
 * Counts what a source said that was refused (issue 49): per source, reason and day in the
 * database (the admins' overview, shared by instances) and in /metrics; each new one logged once.
 */
export const recordRefusals = async (
  deps: Deps,
  source: SourceId,
  refusals: readonly Refusal[],
  at: Date,
) => {
  if (refusals.length === 0) return;
  const byReason = new Map<RefusalReason, Refusal[]>();
  // A detail quotes what the source said: kept as plain text, short (it reaches the admins).
  for (const { reason, detail } of refusals)
    byReason.set(reason, [
      ...(byReason.get(reason) ?? []),
      { reason, detail: cleanName(detail).slice(0, 300) },
    ]);
  const iso = at.toISOString();
  await inDerivedTransaction(deps.database, async (trx) => {
    for (const [reason, list] of byReason)
      await addRefusals(trx, {
        source,
        reason,
        day: iso.slice(0, 10),
        count: list.length,
        at: iso,
        detail: list[list.length - 1]?.detail ?? '',
      });
  });
  for (const [reason, list] of byReason) {
    sourceRefusals.inc({ source, reason }, list.length);
    const fresh = list.filter((r) => !logged.has(`${source}|${reason}|${r.detail}`));
    if (fresh.length === 0) continue;
    if (logged.size > 10_000) logged.clear();
    for (const r of fresh) logged.add(`${source}|${reason}|${r.detail}`);
    deps.logger.info(
      { source, reason, refused: list.length, examples: fresh.slice(0, 3).map((r) => r.detail) },
      'source: refused what a source said',
    );
  }
};

/** Refusals per source and reason: today's count, the last 7 days' and the last one. */
export const refusalOverview = async (deps: Pick<Services, 'database'>, now: Date) => {
  const today = now.toISOString().slice(0, 10);
  const since = new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
  const rows = await refusalsSince(deps.database.db, since);
  const byKey = new Map<
    string,
    {
      source: string;
      reason: string;
      today: number;
      week: number;
      lastAt: string;
      lastDetail: string;
    }
  >();
  for (const r of rows) {
    const key = `${r.source}|${r.reason}`;
    const entry = byKey.get(key) ?? {
      source: r.source,
      reason: r.reason,
      today: 0,
      week: 0,
      lastAt: r.lastAt,
      lastDetail: r.lastDetail,
    };
    entry.week += r.refusals;
    if (r.day === today) entry.today += r.refusals;
    if (r.lastAt > entry.lastAt)
      Object.assign(entry, { lastAt: r.lastAt, lastDetail: r.lastDetail });
    byKey.set(key, entry);
  }
  return [...byKey.values()];
};

import type { Kysely, Transaction } from 'kysely';
import type { CatalogueCompetition, Competition, CompetitionKind } from '../../domain/competitions';
import type { NewCompetitionBody } from '../../domain/results';
import type { DB } from '../db/schema';

const toCompetition = (row: {
  id: string;
  route: string;
  aliases: string;
  name: string;
  country: string;
  flag: string;
  kind: string;
  season_label: string;
  summary_key: string | null;
  time_zone: string;
  sort_order: number;
}): Competition => ({
  id: row.id,
  route: row.route,
  aliases: JSON.parse(row.aliases) as string[],
  name: row.name,
  country: row.country,
  flag: row.flag,
  kind: row.kind as CompetitionKind,
  seasonLabel: row.season_label,
  summaryKey: row.summary_key,
  timeZone: row.time_zone,
  sortOrder: row.sort_order,
});

export const listCompetitions = async (db: Kysely<DB>): Promise<Competition[]> => {
  const rows = await db
    .selectFrom('competitions')
    .select([
      'id',
      'route',
      'aliases',
      'name',
      'country',
      'flag',
      'kind',
      'season_label',
      'summary_key',
      'time_zone',
      'sort_order',
    ])
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  return rows.map(toCompetition);
};

/** Inserts or refreshes the built-in competitions; running it twice changes nothing. */
export const upsertCatalogue = async (
  db: Kysely<DB>,
  entries: CatalogueCompetition[],
  at: Date,
): Promise<void> => {
  const now = at.toISOString();
  await db.transaction().execute(async (trx) => {
    for (const entry of entries) {
      const values = {
        route: entry.route,
        aliases: JSON.stringify(entry.aliases),
        name: entry.name,
        country: entry.country,
        flag: entry.flag,
        kind: entry.kind,
        season_label: entry.seasonLabel,
        summary_key: entry.summaryKey,
        time_zone: entry.timeZone,
        sort_order: entry.sortOrder,
      };
      const existing = await trx
        .selectFrom('competitions')
        .selectAll()
        .where('id', '=', entry.id)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('competitions')
          .values({ id: entry.id, ...values, built_in: 1, created_at: now, updated_at: now })
          .execute();
        continue;
      }
      const changed = (Object.keys(values) as (keyof typeof values)[]).some(
        (key) => existing[key] !== values[key],
      );
      if (changed) {
        await trx
          .updateTable('competitions')
          .set({ ...values, updated_at: now })
          .where('id', '=', entry.id)
          .execute();
      }
    }
  });
};

/** What adding a fixture needs of its competition: its time zone and current season. */
export const findCompetitionFacts = async (db: Kysely<DB> | Transaction<DB>, id: string) => {
  const row = await db
    .selectFrom('competitions')
    .select(['id', 'time_zone', 'season_label'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, timeZone: row.time_zone, seasonLabel: row.season_label } : null;
};

/** A competition an admin adds, listed after every other (a taken id or route is a unique violation). */
export const insertCompetition = async (
  trx: Transaction<DB>,
  body: Required<NewCompetitionBody>,
  at: string,
) => {
  const max = await trx
    .selectFrom('competitions')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .executeTakeFirst();
  await trx
    .insertInto('competitions')
    .values({
      id: body.id,
      route: body.route,
      name: body.name,
      country: body.country,
      flag: '',
      kind: body.kind,
      season_label: body.seasonLabel,
      summary_key: null,
      time_zone: body.timeZone,
      aliases: '[]',
      sort_order: Number(max?.m ?? 0) + 10,
      built_in: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
};

/** The ids of every competition (built-in and added). */
export const competitionIds = async (db: Kysely<DB>) =>
  (await db.selectFrom('competitions').select('id').execute()).map((c) => c.id);

/** The competition an import targets: its time zone and default season. */
export const findCompetitionForImport = (db: Kysely<DB> | Transaction<DB>, competitionId: string) =>
  db
    .selectFrom('competitions')
    .select(['id', 'time_zone', 'season_label'])
    .where('id', '=', competitionId)
    .executeTakeFirst();

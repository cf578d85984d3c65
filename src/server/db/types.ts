/**
 * Row types of the database, as the migrations in ./migrations define them. Flags are 0/1
 * integers and instants ISO-8601 text in our tables; better-auth's tables hold what better-auth
 * writes (Date on PostgreSQL, ISO text on SQLite; booleans as 0/1 on SQLite).
 */
import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date | string, Date | string, Date | string>;
type Flag = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Flag;
  image: string | null;
  createdAt: Instant;
  updatedAt: Instant;
  isAnonymous: Flag | null;
  twoFactorEnabled: Flag | null;
  role: Generated<string>;
  locale: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Instant;
  token: string;
  createdAt: Instant;
  updatedAt: Instant;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Instant | null;
  refreshTokenExpiresAt: Instant | null;
  scope: string | null;
  password: string | null;
  createdAt: Instant;
  updatedAt: Instant;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Instant;
  createdAt: Instant;
  updatedAt: Instant;
}

export interface CompetitionsTable {
  id: string;
  route: string;
  name: string;
  country: string;
  flag: Generated<string>;
  kind: string;
  season_label: Generated<string>;
  summary_key: string | null;
  time_zone: string;
  /** JSON array of extra routes that redirect to `route`. */
  aliases: Generated<string>;
  sort_order: Generated<number>;
  built_in: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface FixturesTable {
  id: string;
  competition_id: string;
  round_label: string;
  round_order: Generated<number>;
  kickoff_at: string;
  home_team: string;
  away_team: string;
  venue: string | null;
  status: Generated<string>;
  home_score: number | null;
  away_score: number | null;
  first_goal_minute: number | null;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  /** The fixture's season ('2026-27'); '' = the competition's one unnamed season. */
  season: Generated<string>;
  /** 0 while only the date is known (kickoff_at is an 11:00 local placeholder). */
  time_confirmed: Generated<number>;
  /** JSON: who last set each group of facts ({"kickoff":"admin"}); null/absent = the catalogue. */
  field_origins: string | null;
}

export interface LeaguesTable {
  id: string;
  name: string;
  invite_code: string;
  competition_id: string;
  admin_user_id: string | null;
  join_by_name: Generated<number>;
  created_at: string;
  updated_at: string;
  /** nameKey(name); null on a row a bulk load inserted, until the next start. */
  name_key: string | null;
}

export interface TeamsTable {
  id: string;
  league_id: string;
  user_id: string;
  name: string;
  created_at: string;
  name_key: string | null;
}

export interface LeagueBarsTable {
  league_id: string;
  user_id: string;
  team_name: string;
  barred_at: string;
}

export interface ThrottlesTable {
  key: string;
  count: number;
  /** Epoch milliseconds at which the window ends. */
  reset_at: number | string;
}

export interface PredictionsTable {
  team_id: string;
  fixture_id: string;
  outcome: string;
  first_goal_minute: number | null;
  joker: Generated<number>;
  points: number | null;
  scored_at: string | null;
  /** What the derived totals hold of this row (see the standings-totals migration). */
  tallied: number | null;
  created_at: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  client_ip: string | null;
  locale: string | null;
  handled_at: string | null;
  created_at: string;
}

export interface OutboxTable {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_user_id: string | null;
  actor_label: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface ReminderSettingsTable {
  user_id: string;
  enabled: Generated<number>;
  unsubscribe_token: string;
  updated_at: string;
}

export interface ReminderSendsTable {
  user_id: string;
  round_key: string;
  outbox_id: string | null;
  sent_at: string;
}

export interface SyncStatusTable {
  source: string;
  competition_id: string;
  season: Generated<string>;
  ran_at: string;
  ok: number;
  summary_json: Generated<string>;
  error: string | null;
  last_success_at: string | null;
}

export interface TeamTotalsTable {
  team_id: string;
  season: string;
  league_id: string;
  team_key: string;
  points: Generated<number>;
  exact_minutes: Generated<number>;
  correct_outcomes: Generated<number>;
  predictions: Generated<number>;
  jokers: Generated<number>;
  scored_predictions: Generated<number>;
  scored_jokers: Generated<number>;
}

export interface RoundTotalsTable {
  team_id: string;
  season: string;
  round_label: string;
  league_id: string;
  team_key: string;
  points: Generated<number>;
  exact_minutes: Generated<number>;
  correct_outcomes: Generated<number>;
}

export interface TallyRunsTable {
  fixture_id: string;
  generation: Generated<number>;
  cursor: Generated<string>;
  queued_at: string;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  competitions: CompetitionsTable;
  fixtures: FixturesTable;
  leagues: LeaguesTable;
  teams: TeamsTable;
  predictions: PredictionsTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  reminder_settings: ReminderSettingsTable;
  reminder_sends: ReminderSendsTable;
  sync_status: SyncStatusTable;
  team_totals: TeamTotalsTable;
  round_totals: RoundTotalsTable;
  tally_runs: TallyRunsTable;
  league_bars: LeagueBarsTable;
  throttles: ThrottlesTable;
}

import { PostgresAdapter, type Kysely } from 'kysely';

// better-auth's tables (user, session, account, verification, twoFactor) exactly as its own
// migration generator would create them for our options, frozen here so that every database is
// built by one ordered list of migrations. A test compares them with `getMigrations`.

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const instant = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', instant, (c) => c.notNull())
    .addColumn('updatedAt', instant, (c) => c.notNull())
    .addColumn('isAnonymous', bool)
    .addColumn('twoFactorEnabled', bool)
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('locale', 'text')
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('expiresAt', instant, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', instant, (c) => c.notNull())
    .addColumn('updatedAt', instant, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', instant)
    .addColumn('refreshTokenExpiresAt', instant)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', instant, (c) => c.notNull())
    .addColumn('updatedAt', instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', instant, (c) => c.notNull())
    .addColumn('createdAt', instant, (c) => c.notNull())
    .addColumn('updatedAt', instant, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backupCodes', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', bool)
    .addColumn('failedVerificationCount', 'integer')
    .addColumn('lockedUntil', instant)
    .execute();

  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['twoFactor', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(table).execute();
  }
}

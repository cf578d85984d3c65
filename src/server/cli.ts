import { loadEnvOrExit } from './env';

const usage = `Usage: npm run cli -- <command>

Commands:
  admin grant <email>    make the account with this e-mail a site admin
  admin revoke <email>   take the admin role away
  migrate                apply database migrations and load the catalogue, then exit
  copy-to-postgres <url> copy this (stopped) SQLite install into an empty PostgreSQL database,
                         rebuild its standings and check every table and league against it`;

const env = loadEnvOrExit();
const [group, action, email] = process.argv.slice(2);

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const { createServices, closeServices } = await import('./bootstrap');
const { createLogger } = await import('./logger');
const { setRole } = await import('./account/roles');

if (group === 'migrate') {
  const services = await createServices(env, { logger: createLogger(env.LOG_LEVEL) });
  await closeServices(services);
  process.stdout.write('Database is up to date.\n');
} else if (group === 'copy-to-postgres' && action && /^postgres(ql)?:\/\//.test(action)) {
  if (env.database.dialect !== 'sqlite')
    fail('DATABASE_URL names PostgreSQL already: copy-to-postgres reads a SQLite install.');
  const { copyToPostgres, formatReport } = await import('./commands/copy-to-postgres');
  const source = env.database.dialect === 'sqlite' ? env.database.path : '';
  process.stdout.write(`Copying ${source} into PostgreSQL…\n`);
  try {
    const report = await copyToPostgres(source, action, (line) =>
      process.stdout.write(`  ${line}\n`),
    );
    process.stdout.write(`${formatReport(report)}\n`);
    if (!report.ok) process.exit(1);
  } catch (error) {
    fail(`Copy failed: ${error instanceof Error ? error.message : String(error)}`);
  }
} else if (group === 'admin' && (action === 'grant' || action === 'revoke') && email) {
  const services = await createServices(env, { logger: createLogger('warn') });
  try {
    const role = action === 'grant' ? 'admin' : 'user';
    const found = await setRole(services.database.db, {
      email,
      role,
      actorUserId: null,
      actorLabel: 'cli',
      at: new Date(),
    });
    if (!found) fail(`No account with the e-mail ${email}.`);
    process.stdout.write(`${email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}.\n`);
  } finally {
    await closeServices(services);
  }
} else {
  fail(usage);
}

// A fresh process running one reminder pass against DATABASE_URL at the instant REMINDER_NOW,
// printing how many mails it queued (the reminder test's "second run in a fresh process").
import { pino } from 'pino';
import { closeServices, createServices } from '../../src/server/bootstrap';
import { loadEnvOrExit } from '../../src/server/env';
import { runReminders } from '../../src/server/reminders/service';

const env = loadEnvOrExit();
const services = await createServices(env, { prepared: true, logger: pino({ level: 'silent' }) });
const result = await runReminders(services, new Date(process.argv[2] ?? Date.now()));
await closeServices(services);
process.stdout.write(`SENT ${result.sent}\n`);

import webpush from 'web-push';
import type { Services } from '../context';
import type { Database } from '../db/database';
import { keepAppKey } from './repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const loaded = new WeakMap<Database, Promise<VapidKeys>>();

/** The contact push services may use: VAPID_SUBJECT, else the site when on https, else MAIL_FROM. */
const subjectOf = (env: Services['env']) => {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.baseUrl.startsWith('https://')) return env.baseUrl;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
};

/**
 * The VAPID key pair that signs every push: from the environment, or generated once and kept in
 * `app_keys` so every instance on one database signs alike (the first instance to insert wins;
 * the others read its pair).
 */
export const vapidKeys = (services: Pick<Services, 'database' | 'env' | 'now'>) => {
  const { database, env } = services;
  let keys = loaded.get(database);
  if (!keys) {
    keys = (async () => {
      const subject = subjectOf(env);
      if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
        return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
      }
      const generated = webpush.generateVAPIDKeys();
      const value = await keepAppKey(database.db, {
        name: 'vapid',
        value: JSON.stringify(generated),
        at: services.now().toISOString(),
      });
      const stored = JSON.parse(value) as { publicKey: string; privateKey: string };
      return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
    })();
    keys.catch(() => loaded.delete(database));
    loaded.set(database, keys);
  }
  return keys;
};

import { z } from 'zod';
import { AppError } from '../errors';
import { body, createRouter, json, requireAccount, route } from '../http/router';
import { translator } from '../i18n/translate';
import { getReminderSetting, setReminderSetting, unsubscribe } from './service';

const setting = z.object({ enabled: z.boolean() });
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (lang: string, title: string, text: string, link: string, linkText: string) =>
  `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · FirstGoal</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#0b1f3a;color:#0b1f3a;display:flex;min-height:100vh;align-items:center;justify-content:center">
<main style="background:#fff;border-radius:16px;padding:32px;max-width:420px;margin:16px"><h1 style="margin-top:0;font-size:1.4rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#15803d;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(linkText)}</a></p></main></body></html>`;

export const reminderRoutes = createRouter()
  .openapi(
    route({
      method: 'get',
      path: '/',
      summary: 'Whether you get e-mail reminders before rounds with missing predictions',
      responses: { 200: json(setting, 'Setting') },
    }),
    async (c) => {
      const user = requireAccount(c);
      return c.json(await getReminderSetting(c.get('services'), user), 200);
    },
  )
  .openapi(
    route({
      method: 'put',
      path: '/',
      summary: 'Opt in or out of e-mail reminders',
      request: body(setting),
      responses: { 200: json(setting, 'Saved') },
    }),
    async (c) => {
      const user = requireAccount(c);
      const services = c.get('services');
      const input = c.req.valid('json');
      return c.json(await setReminderSetting(services, user, input, services.now()), 200);
    },
  )
  .get('/unsubscribe', async (c) => {
    // Opened from a mail, signed out: answer a small page in the player's language.
    const services = c.get('services');
    const token = c.req.query('token') ?? '';
    try {
      const { locale } = await unsubscribe(services, null, { token }, services.now());
      const t = translator(locale);
      return c.html(
        page(
          locale ?? 'en',
          t('reminders.unsubscribed.title'),
          t('reminders.unsubscribed.body'),
          services.env.baseUrl,
          t('reminders.unsubscribed.home'),
        ),
        200,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const t = translator('en');
      return c.html(
        page(
          'en',
          t('reminders.invalid.title'),
          t('reminders.invalid.body'),
          services.env.baseUrl,
          t('reminders.unsubscribed.home'),
        ),
        404,
      );
    }
  });

import { formatKickoff } from '../../domain/kickoff';
import { translator } from '../i18n/translate';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface ReminderMailInput {
  language: string | null;
  name: string;
  competition: string;
  round: string;
  pageUrl: string;
  unsubscribeUrl: string;
  missing: {
    team: string;
    league: string;
    home: string;
    away: string;
    kickoffAt: string;
    /** When the league closes picks before kick-off: that time (else null). */
    closesAt?: string | null;
  }[];
}

/** The reminder mail in the player's language: the missing fixtures, a link to the page, and an unsubscribe link. */
export const renderReminderMail = (input: ReminderMailInput) => {
  const t = translator(input.language);
  const lng = t('mail.reminder.dateLocale', { defaultValue: 'en-GB' });
  const when = (iso: string) => formatKickoff(new Date(iso), lng, 'Europe/London');
  const lines = input.missing.map((m) =>
    t(m.closesAt ? 'mail.reminder.lineCloses' : 'mail.reminder.line', {
      home: m.home,
      away: m.away,
      time: when(m.kickoffAt),
      closes: m.closesAt ? when(m.closesAt) : '',
      team: m.team,
      league: m.league,
    }),
  );
  const subject = t('mail.reminder.subject', {
    competition: input.competition,
    round: input.round,
  });
  const greeting = t('mail.greeting', { name: input.name });
  const intro = t('mail.reminder.intro', {
    count: input.missing.length,
    competition: input.competition,
    round: input.round,
  });
  const action = t('mail.reminder.action');
  const unsubscribe = t('mail.reminder.unsubscribe');
  const signature = t('mail.signature');
  const text = [
    greeting,
    '',
    intro,
    '',
    ...lines.map((l) => `- ${l}`),
    '',
    `${action}: ${input.pageUrl}`,
    '',
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    '',
    signature,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0b1f3a;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(input.pageUrl)}" style="display:inline-block;padding:12px 20px;background:#15803d;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p>${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#475569"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#475569">${escapeHtml(unsubscribe)}</a></p>
</body></html>`;
  return { subject, text, html };
};

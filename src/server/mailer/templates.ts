import { translator } from '../i18n/translate';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * One plain layout for every mail: greeting, a paragraph, one action link, a closing line.
 * `kind` names a block under `mail.` in the locale files (subject, intro, action, outro).
 */
export const renderActionMail = (
  kind: 'resetPassword' | 'verifyEmail',
  language: string | null | undefined,
  vars: { name: string; url: string },
): RenderedMail => {
  const t = translator(language);
  const greeting = t('mail.greeting', { name: vars.name });
  const intro = t(`mail.${kind}.intro`);
  const action = t(`mail.${kind}.action`);
  const outro = t(`mail.${kind}.outro`);
  const signature = t('mail.signature');
  const subject = t(`mail.${kind}.subject`);
  const text = [greeting, '', intro, '', `${action}: ${vars.url}`, '', outro, '', signature].join(
    '\n',
  );
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0b1f3a;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;padding:12px 20px;background:#15803d;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(vars.url)}</p>
<p>${escapeHtml(outro)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { subject, text, html };
};

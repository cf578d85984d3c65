import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellRing, Mail } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { myLeaguesQueryOptions } from '../lib/queries';
import { buttonClasses } from '../ui/button';
import type { ContactViewer } from './contact-values';

/** Where reminder requests go when someone prefers to write rather than flip the switch. */
export const teamAddress = 'support@firstgoal.app';

interface TeamLine {
  team: string;
  league: string;
}

/** `mailto:` with the player's teams and leagues filled in (spec §2.16). */
export const reminderMailto = (
  t: (key: string, options?: Record<string, string>) => string,
  name: string,
  teams: TeamLine[],
): string => {
  const lines = teams.length
    ? teams.map((line) => `- ${t('contact.reminders.mailTeamLine', { ...line })}`).join('\n')
    : t('contact.reminders.mailNoTeams');
  const body = t('contact.reminders.mailBody', { teams: lines, name: name || '' }).trim();
  const subject = t('contact.reminders.mailSubject');
  return `mailto:${teamAddress}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
};

/** Shown when the subject is "Receive Game Reminders": the switch on /team, or a ready mail. */
export const RemindersHelp = ({ viewer }: { viewer: ContactViewer | null }) => {
  const { t } = useTranslation();
  const leagues = useQuery({ ...myLeaguesQueryOptions, enabled: viewer !== null });
  const teams = (leagues.data ?? []).flatMap((league) =>
    league.teams.map((team) => ({ team: team.name, league: league.name })),
  );
  const href = reminderMailto(t, viewer && !viewer.isAnonymous ? viewer.name : '', teams);
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-info-strong/30 bg-info-soft p-4 text-info-strong"
      data-testid="contact-reminders"
    >
      <p className="flex items-center gap-2 font-semibold">
        <BellRing aria-hidden="true" className="size-5 shrink-0" />
        {t('contact.reminders.title')}
      </p>
      <p className="text-sm leading-relaxed">{t('contact.reminders.body')}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link
          to="/team"
          className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
          data-testid="contact-reminders-team"
        >
          <BellRing aria-hidden="true" className="size-4" />
          {t('contact.reminders.teamLink')}
        </Link>
        <a
          href={href}
          className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}
          data-testid="contact-reminders-mailto"
        >
          <Mail aria-hidden="true" className="size-4" />
          {t('contact.reminders.mailLink')}
        </a>
      </div>
      <p className="text-sm leading-relaxed">
        {t('contact.reminders.mailNote', { address: teamAddress })}
      </p>
    </div>
  );
};

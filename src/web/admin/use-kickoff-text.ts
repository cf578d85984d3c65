import { useTranslation } from 'react-i18next';
import { formatKickoff, ukZoneLabel, zonedDateTime } from '../../domain/kickoff';

/**
 * A kick-off as the admin needs it: date and time in the competition's own zone, and the UK
 * time beside it when that differs (pages show UK time to players, docs/design.md §4).
 */
export const useKickoffText = () => {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (kickoffAt: string, timeZone: string) => {
    const instant = new Date(kickoffAt);
    const uk = zonedDateTime(instant, 'Europe/London');
    const competition = zonedDateTime(instant, timeZone);
    const sameAsUk = uk.date === competition.date && uk.time === competition.time;
    return {
      local: formatKickoff(instant, locale, timeZone, { year: true }),
      uk: sameAsUk ? null : `${uk.time} ${ukZoneLabel(instant)}`,
    };
  };
};

import { useTranslation } from 'react-i18next';
import { ukZoneLabel, zonedDateTime } from '../../domain/kickoff';

const zoneName = (instant: Date, timeZone: string, locale: string) => {
  if (timeZone === 'Europe/London') return ukZoneLabel(instant);
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
};

/**
 * A kick-off as the admin needs it: date and time in the competition's own zone, and the UK
 * time beside it when that differs (pages show UK time to players, DESIGN §4).
 */
export const useKickoffText = () => {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (kickoffAt: string, timeZone: string) => {
    const instant = new Date(kickoffAt);
    const local = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(instant);
    const uk = zonedDateTime(instant, 'Europe/London');
    const competition = zonedDateTime(instant, timeZone);
    const sameAsUk = uk.date === competition.date && uk.time === competition.time;
    return {
      local: `${local} ${zoneName(instant, timeZone, locale)}`,
      uk: sameAsUk ? null : `${uk.time} ${ukZoneLabel(instant)}`,
    };
  };
};

import { useTranslation } from 'react-i18next';
import {
  centralEuropeanZoneLabel,
  ukZoneLabel,
  utcOffsetMinutes,
  zonedDateTime,
} from '../../domain/kickoff';
import { dateFormat, viewerTimeZone } from './intl-cache';

/**
 * Kick-off as players read it (docs/design.md §4): the UK date and time with its BST/GMT label, the
 * Central European time with CET/CEST, and the viewer's own time when their clock differs.
 */
export const useKickoffFormat = () => {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return (kickoffAt: string) => {
    const instant = new Date(kickoffAt);
    const ukLabel = ukZoneLabel(instant);
    const uk = zonedDateTime(instant, 'Europe/London');
    const central = zonedDateTime(instant, 'Europe/Berlin');
    const viewer = viewerTimeZone();
    const differs =
      utcOffsetMinutes(instant, viewer) !== utcOffsetMinutes(instant, 'Europe/London');
    return {
      ukLabel,
      date: dateFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'Europe/London',
      }).format(instant),
      ukTime: `${uk.time} ${ukLabel}`,
      centralTime: `${central.time} ${centralEuropeanZoneLabel(instant)}`,
      /** The viewer's local time with its zone name, or null when it is UK time anyway. */
      localTime: differs
        ? dateFormat(locale, {
            hour: '2-digit',
            minute: '2-digit',
            timeZoneName: 'short',
          }).format(instant)
        : null,
      /**
       * Day and time in the viewer's own zone, named: when only a fixture's date is known its
       * kick-off is a placeholder that picks close at, and the viewer needs it in their clock.
       */
      get viewerDateTime() {
        return dateFormat(locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(instant);
      },
    };
  };
};

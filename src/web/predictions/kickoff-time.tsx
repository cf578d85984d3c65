import { useTranslation } from 'react-i18next';
import { useKickoffFormat } from '../lib/kickoff-format';
import type { FixtureItem as Fixture } from './api';

/**
 * A fixture's date and kick-off (UK time, Central European time, the viewer's own). When only
 * the date is known the time is a placeholder, so it says so and when picks close instead.
 */
export const KickoffTime = ({ fixture }: { fixture: Fixture }) => {
  const { t } = useTranslation();
  const kickoff = useKickoffFormat()(fixture.kickoffAt);
  return (
    <time dateTime={fixture.kickoffAt} className="flex flex-col gap-0.5 text-sm md:contents">
      <span className="font-semibold text-fg">{kickoff.date}</span>
      {fixture.timeConfirmed ? (
        <span className="text-fg-muted md:flex md:flex-col">
          <span className="whitespace-nowrap font-medium text-fg">{kickoff.ukTime}</span>{' '}
          <span className="whitespace-nowrap text-xs md:text-sm">({kickoff.centralTime})</span>
          {kickoff.localTime ? (
            <span className="block text-xs">
              {t('fixtures.yourTime', { time: kickoff.localTime })}
            </span>
          ) : null}
        </span>
      ) : (
        <span className="flex flex-col text-fg-muted" data-testid="time-tbc">
          <span className="font-medium text-fg">{t('fixtures.timeTbc')}</span>
          <span className="text-xs">
            {t('fixtures.picksClose', { time: kickoff.viewerDateTime })}
          </span>
        </span>
      )}
    </time>
  );
};

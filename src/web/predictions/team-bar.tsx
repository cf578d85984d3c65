import { useTranslation } from 'react-i18next';
import { Sparkles, Users } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Select } from '../ui/select';
import type { PlayerTeam } from './api';

interface TeamBarProps {
  teams: readonly PlayerTeam[];
  active: PlayerTeam | null;
  jokersLeft: number | null;
  onSwitch: (teamId: string) => void;
}

/** Who the player predicts for: team and league ('Not set' without one), switcher, jokers. */
export const TeamBar = ({ teams, active, jokersLeft, onSwitch }: TeamBarProps) => {
  const { t } = useTranslation();
  const notSet = t('predictions.notSet');
  return (
    <div
      data-testid="team-bar"
      // On a phone team and league beside the jokers and the switcher under them: the first
      // fixture stays in the first screen.
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface px-3 py-2 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:gap-3 sm:p-4"
    >
      <div className="flex min-w-0 items-start justify-between gap-2 sm:contents">
        {/* Whole names (issue 54): on a phone the team over its league, wrapping, never cut. */}
        <dl className="flex min-w-0 flex-col text-sm leading-snug sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-5 sm:gap-y-1">
          <div className="flex min-w-0 gap-1.5">
            <dt className="sr-only text-fg-muted sm:not-sr-only">{t('predictions.team')}:</dt>
            <dd className="min-w-0 break-words font-semibold text-fg" data-testid="active-team">
              {active?.name ?? notSet}
            </dd>
          </div>
          <div className="flex min-w-0 gap-1.5">
            <dt className="sr-only text-fg-muted sm:not-sr-only">{t('predictions.league')}:</dt>
            <dd
              className="min-w-0 break-words text-fg-muted sm:font-semibold sm:text-fg"
              data-testid="active-league"
            >
              {active?.leagueName ?? notSet}
            </dd>
          </div>
        </dl>
        {jokersLeft !== null ? (
          <Badge
            tone="warn"
            data-testid="jokers-left"
            className="min-h-8 shrink-0 px-2.5 text-sm sm:order-last sm:px-3"
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {t('predictions.jokersLeft', { count: jokersLeft })}
          </Badge>
        ) : null}
      </div>
      {teams.length > 1 && active ? (
        <label className="flex min-w-0 items-center gap-2 text-sm font-medium text-fg">
          <Users aria-hidden="true" className="size-4 shrink-0 text-fg-muted" />
          <span className="sr-only sm:not-sr-only sm:whitespace-nowrap">
            {t('predictions.switchTeam')}
          </span>
          <Select
            data-testid="team-switcher"
            value={active.id}
            onChange={(event) => onSwitch(event.target.value)}
            // Never wider than the screen: a long team or league name is cut inside the box.
            className="w-full min-w-0 max-w-full text-ellipsis sm:w-auto sm:min-w-48 sm:max-w-xs"
          >
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {`${team.name} — ${team.leagueName}`}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
    </div>
  );
};

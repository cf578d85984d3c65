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
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
    >
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-fg-muted">{t('predictions.team')}:</dt>
          <dd className="font-semibold text-fg" data-testid="active-team">
            {active?.name ?? notSet}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-fg-muted">{t('predictions.league')}:</dt>
          <dd className="font-semibold text-fg" data-testid="active-league">
            {active?.leagueName ?? notSet}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {jokersLeft !== null ? (
          <Badge tone="warn" data-testid="jokers-left" className="min-h-8 px-3 text-sm">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('predictions.jokersLeft', { count: jokersLeft })}
          </Badge>
        ) : null}
        {teams.length > 1 && active ? (
          <label className="flex items-center gap-2 text-sm font-medium text-fg">
            <Users aria-hidden="true" className="size-4 text-fg-muted" />
            <span className="sr-only sm:not-sr-only">{t('predictions.switchTeam')}</span>
            <Select
              data-testid="team-switcher"
              value={active.id}
              onChange={(event) => onSwitch(event.target.value)}
              className="min-w-48"
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
    </div>
  );
};

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Layers } from 'lucide-react';
import { Button } from '../ui/button';
import { Notice } from '../ui/state';
import type { PlayerTeam } from './api';

interface MultiLeaguePanelProps {
  teams: readonly PlayerTeam[];
  activeTeamId: string;
  busy: boolean;
  onSave: (teamIds: string[]) => Promise<boolean>;
}

/**
 * Where a save for several teams goes, in words: '2 leagues' when each team is in a league of its
 * own, else '4 teams in 2 leagues' (a player may hold several teams in one league).
 */
const leaguesOf = (teams: readonly PlayerTeam[], teamIds: readonly string[]) =>
  new Set(teamIds.map((id) => teams.find((team) => team.id === id)?.leagueId ?? id)).size;

export const teamsTarget = (
  t: TFunction,
  teams: readonly PlayerTeam[],
  teamIds: readonly string[],
) => {
  const leagues = leaguesOf(teams, teamIds);
  return leagues === teamIds.length
    ? t('predictions.leagueCount', { count: leagues })
    : t('predictions.teamsInLeagues', {
        teams: t('predictions.teamCount', { count: teamIds.length }),
        leagues: t('predictions.leagueCount', { count: leagues }),
      });
};

/** 'Apply to Multiple Leagues': the same picks (without jokers) for several teams at once. */
export const MultiLeaguePanel = ({ teams, activeTeamId, busy, onSave }: MultiLeaguePanelProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([activeTeamId]);
  const [error, setError] = useState(false);

  if (!open) {
    return (
      <Button
        variant="secondary"
        onClick={() => {
          setSelected([activeTeamId]);
          setError(false);
          setOpen(true);
        }}
        data-testid="multi-open"
        className="self-start"
      >
        <Layers aria-hidden="true" className="size-4" />
        {t('predictions.multi.title')}
      </Button>
    );
  }

  const toggle = (teamId: string) =>
    setSelected((current) =>
      current.includes(teamId) ? current.filter((id) => id !== teamId) : [...current, teamId],
    );

  return (
    <section
      aria-labelledby="multi-title"
      data-testid="multi-panel"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-sm"
    >
      <div>
        <h2 id="multi-title" className="font-bold text-fg">
          {t('predictions.multi.title')}
        </h2>
        <p className="text-sm text-fg-muted">{t('predictions.multi.text')}</p>
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">{t('predictions.multi.legend')}</legend>
        {teams.map((team) => (
          <label
            key={team.id}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-surface-muted"
          >
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={selected.includes(team.id)}
              onChange={() => {
                setError(false);
                toggle(team.id);
              }}
              data-testid={`multi-team-${team.id}`}
            />
            <span className="text-sm text-fg">
              <span className="font-semibold">{team.name}</span> — {team.leagueName}
            </span>
          </label>
        ))}
      </fieldset>
      {error ? <Notice tone="error">{t('predictions.multi.selectOne')}</Notice> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          data-testid="multi-save"
          disabled={busy}
          onClick={async () => {
            if (selected.length === 0) {
              setError(true);
              return;
            }
            if (await onSave(selected)) setOpen(false);
          }}
        >
          {busy
            ? t('predictions.saving')
            : leaguesOf(teams, selected) === selected.length
              ? t('predictions.multi.save', { count: selected.length })
              : t('predictions.multi.saveTo', { target: teamsTarget(t, teams, selected) })}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)} data-testid="multi-cancel">
          {t('predictions.cancel')}
        </Button>
      </div>
    </section>
  );
};

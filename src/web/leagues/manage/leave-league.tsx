import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { myLeaguesQueryOptions } from '../../lib/queries';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Notice } from '../../ui/state';
import { toast } from '../../ui/toast';
import { useLeaveLeague, type LeagueInfo } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';

/**
 * 'Leave league' for the player's own teams in it: the team and its predictions are deleted. A
 * league admin leaving with their last team passes the role to the member who joined first.
 */
export const LeaveLeague = ({ league }: { league: LeagueInfo }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leagueError = useLeagueError();
  const mine = useQuery(myLeaguesQueryOptions);
  const leave = useLeaveLeague(league.id);
  const [chosen, setChosen] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const teams = (mine.data ?? []).find((l) => l.id === league.id)?.teams ?? [];
  if (teams.length === 0) return null;
  const lastTeam = teams.length === 1;

  const close = () => {
    setChosen(null);
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setError(null);
    // Awaited, not a callback: this card unmounts once the player's teams refresh without it.
    const team = chosen.name;
    leave.mutateAsync(chosen.id).then(
      (result) => {
        toast.success(t('leagues.leave.done', { team, league: league.name }));
        close();
        if (!result.stillMember) void navigate('/');
      },
      (failure: unknown) => setError(leagueError(failure)),
    );
  };

  return (
    <Card className="flex flex-col gap-3" data-testid="leave-league">
      <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
        <LogOut aria-hidden="true" className="size-5 text-brand-text" />
        {t('leagues.leave.title')}
      </h2>
      <p className="text-sm text-fg-muted">{t('leagues.leave.hint')}</p>
      <ul className="flex flex-col gap-2">
        {teams.map((team) => (
          <li key={team.id}>
            <Button
              variant="secondary"
              className="w-full justify-start"
              onClick={() => setChosen(team)}
              data-testid="leave-league-team"
            >
              {t('leagues.leave.withTeam', { team: team.name })}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={t('leagues.leave.confirmTitle', { league: league.name })}
        description={t('leagues.leave.confirmText', { team: chosen?.name ?? '' })}
        closeLabel={t('common.close')}
        testId="leave-dialog"
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {league.isAdmin && lastTeam ? (
            <Notice tone="info">{t('leagues.leave.adminNote')}</Notice>
          ) : null}
          <Notice tone="error">{error}</Notice>
          <DialogActions
            cancelLabel={t('leagues.cancel')}
            onCancel={close}
            submitLabel={t('leagues.leave.confirm')}
            busyLabel={t('leagues.processing')}
            busy={leave.isPending}
            tone="danger"
            testId="leave"
          />
        </form>
      </Dialog>
    </Card>
  );
};

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Notice } from '../../ui/state';
import { lookupQueryOptions, useJoinLeague, type LeagueInfo } from '../shared/api';
import { QuickJoinForm } from './quick-join-form';
import { useLeagueError } from '../shared/use-league-error';
import type { Viewer } from '../shared/viewer';
import { NameField } from './name-field';

interface JoinLeagueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: Viewer | null;
}

/** Join League (spec §2.4): league code or name, then a team name; signed out: quick join. */
export const JoinLeagueDialog = ({ open, onOpenChange, viewer }: JoinLeagueDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('leagues.join.title')}
      description={viewer ? t('leagues.join.subtitle') : t('leagues.quickJoin.subtitle')}
      closeLabel={t('common.close')}
      testId="join-league-dialog"
    >
      {viewer ? (
        <JoinSteps
          onJoined={() => {
            close();
            void navigate('/dashboard');
          }}
        />
      ) : (
        <QuickJoinForm
          testIdPrefix="join-quick"
          onSignIn={close}
          onJoined={() => {
            close();
            void navigate('/dashboard');
          }}
        />
      )}
    </Dialog>
  );
};

const JoinSteps = ({ onJoined }: { onJoined: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const leagueError = useLeagueError();
  const join = useJoinLeague();
  const [codeOrName, setCodeOrName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [league, setLeague] = useState<LeagueInfo | null>(null);
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const findLeague = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = codeOrName.trim();
    if (value === '') {
      setError(t('leagues.validation.codeOrName'));
      return;
    }
    setLooking(true);
    try {
      setLeague(await queryClient.fetchQuery(lookupQueryOptions({ code: value })));
    } catch (failure) {
      setError(leagueError(failure));
    } finally {
      setLooking(false);
    }
  };

  const submitTeam = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!league) return;
    if (teamName.trim() === '') {
      setError(t('leagues.validation.teamName'));
      return;
    }
    join.mutate(
      // A league found by its name shows no code to non-members: join by the name.
      { codeOrName: league.inviteCode ?? league.name, teamName: teamName.trim() },
      {
        onSuccess: (result) => {
          toast.success(t('leagues.join.joined', { league: result.league.name }));
          onJoined();
        },
        onError: (failure) => setError(leagueError(failure)),
      },
    );
  };

  if (!league) {
    return (
      <form
        noValidate
        onSubmit={findLeague}
        className="flex flex-col gap-4"
        data-testid="join-step-code"
      >
        <p className="text-sm font-semibold text-fg-muted">{t('leagues.join.step', { step: 1 })}</p>
        <NameField
          label={t('leagues.join.codeOrName')}
          error={error}
          value={codeOrName}
          onChange={setCodeOrName}
          testId="join-code-or-name"
        />
        <Button type="submit" size="lg" disabled={looking} data-testid="join-next">
          {looking ? t('leagues.processing') : t('leagues.join.next')}
        </Button>
      </form>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submitTeam}
      className="flex flex-col gap-4"
      data-testid="join-step-team"
    >
      <p className="text-sm font-semibold text-fg-muted">{t('leagues.join.step', { step: 2 })}</p>
      <Notice tone="success">
        {t('leagues.join.found', { league: league.name, competition: league.competitionName })}
      </Notice>
      <NameField
        label={t('leagues.join.teamName')}
        value={teamName}
        onChange={setTeamName}
        autoFocus
        testId="join-team-name"
      />
      <Notice tone="error" testId="join-error">
        {error}
      </Notice>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          onClick={() => {
            setLeague(null);
            setError(null);
          }}
          data-testid="join-back"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('leagues.join.back')}
        </Button>
        <Button
          type="submit"
          disabled={join.isPending || teamName.trim() === ''}
          data-testid="join-submit"
        >
          {join.isPending ? t('leagues.processing') : t('leagues.join.submit')}
        </Button>
      </div>
    </form>
  );
};

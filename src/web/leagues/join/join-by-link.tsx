import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../ui/toast';
import { LogIn, UserPlus, X } from 'lucide-react';
import { useActiveTeam } from '../../lib/active-team';
import { useAuthDialog } from '../../lib/auth-dialog-context';
import { Button, buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { Notice } from '../../ui/state';
import { useJoinLeague, type LeagueInfo } from '../shared/api';
import { useInviteLookup } from './use-invite-lookup';
import { QuickJoinForm } from './quick-join-form';
import { TeamNameDialog } from './team-name-dialog';
import { useLeagueError } from '../shared/use-league-error';
import type { Viewer } from '../shared/viewer';

interface JoinByLinkProps {
  competitionId: string;
  viewer: Viewer | null;
  viewerPending: boolean;
}

/**
 * Join by link on a competition page (spec §4): with `?code=` or `?league=` a signed-in player
 * gets the team-name dialog; a signed-out one can quick-join right here or sign in first.
 */
export const JoinByLink = ({ competitionId, viewer, viewerPending }: JoinByLinkProps) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const { code, name, lookup, setParams } = useInviteLookup();

  if (!code && !name) return null;

  const clearQuery = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('code');
        next.delete('league');
        return next;
      },
      { replace: true },
    );

  if (lookup.isPending || viewerPending) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6" role="status" aria-live="polite">
        <span className="sr-only">{t('leagues.joinRedirect.working')}</span>
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (lookup.isError) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6" data-testid="join-link-invalid">
        <div className="flex items-start gap-2">
          <div className="flex-1">
            <Notice tone="error">{leagueError(lookup.error)}</Notice>
          </div>
          <Button variant="ghost" aria-label={t('common.close')} onClick={clearQuery}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
    );
  }
  const league = lookup.data;
  if (league.competitionId !== competitionId) {
    // Spec §5: the league must be for this page's competition; say so and offer its own page.
    return (
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6" data-testid="join-link-other">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="flex-1">
            <Notice tone="error">{t('errors.WRONG_COMPETITION')}</Notice>
          </div>
          <Link
            to={{
              pathname: league.competitionRoute,
              // Only the invite: this page's round or season means nothing there.
              search: `?${new URLSearchParams(code ? { code } : { league: name ?? '' })}`,
            }}
            className={buttonClasses('primary')}
            data-testid="join-link-other-go"
          >
            {t('leagues.joinLink.goToCompetition', {
              league: league.name,
              competition: league.competitionName,
            })}
          </Link>
        </div>
      </div>
    );
  }
  if (viewer) {
    return <JoinDialog key={league.id} league={league} onDone={clearQuery} />;
  }
  return <SignedOutInvite league={league} onJoined={clearQuery} />;
};

const JoinDialog = ({ league, onDone }: { league: LeagueInfo; onDone: () => void }) => {
  const { t } = useTranslation();
  const join = useJoinLeague();
  const active = useActiveTeam();
  const [open, setOpen] = useState(true);
  const mine = active.leagues.find((l) => l.id === league.id);
  return (
    <TeamNameDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onDone();
      }}
      title={t('leagues.joinLink.title', { league: league.name })}
      description={
        mine
          ? t('leagues.joinLink.alreadyMember', {
              teams: mine.teams.map((team) => team.name).join(', '),
            })
          : t('leagues.joinLink.text', { competition: league.competitionName })
      }
      submitLabel={t('leagues.join.submit')}
      testId="join-link-dialog"
      onSubmit={async (teamName) => {
        // Members see the code; an invite by name joins by the name.
        const codeOrName = league.inviteCode ?? league.name;
        const result = await join.mutateAsync({ codeOrName, teamName });
        toast.success(t('leagues.join.joined', { league: result.league.name }));
      }}
    />
  );
};

const SignedOutInvite = ({ league, onJoined }: { league: LeagueInfo; onJoined: () => void }) => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6">
      <Card className="flex flex-col gap-5 border-primary/40" data-testid="join-link-card">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong">
            <UserPlus aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-col gap-1">
            <h2 className="text-lg font-bold text-fg">
              {t('leagues.joinLink.invited', { league: league.name })}
            </h2>
            <p className="text-sm text-fg-muted">
              {t('leagues.joinLink.invitedText', { competition: league.competitionName })}
            </p>
            {league.inviteCode ? (
              <p className="text-sm text-fg">
                {t('leagues.share.code')}:{' '}
                <span className="font-mono font-bold tracking-widest" data-testid="join-link-code">
                  {league.inviteCode}
                </span>
              </p>
            ) : null}
          </div>
        </div>
        <div className="grid gap-5 md:grid-cols-[1fr_auto_1fr] md:items-start">
          <QuickJoinForm
            {...(league.inviteCode
              ? { fixedCode: league.inviteCode }
              : { fixedLeague: league.name })}
            onJoined={onJoined}
            testIdPrefix="join-link-quick"
            signInLink={false}
          />
          <div className="hidden h-full w-px bg-line md:block" aria-hidden="true" />
          <div className="flex flex-col gap-3">
            <p className="text-sm text-fg-muted">{t('leagues.joinLink.haveAccount')}</p>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => authDialog.open('login')}
              data-testid="join-link-sign-in"
            >
              <LogIn aria-hidden="true" className="size-4" />
              {t('nav.login')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
};

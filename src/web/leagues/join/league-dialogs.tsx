import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import { useLeagueDialogs } from '../../lib/league-dialogs-context';
import { useCreateLeague } from '../shared/api';
import { CreateLeagueDialog, useCreatedToast } from './create-league-dialog';
import { JoinLeagueDialog } from './join-league-dialog';
import { takePendingCreation } from './pending-creation';
import { useLeagueError } from '../shared/use-league-error';
import type { Viewer } from '../shared/viewer';

/**
 * The Create League and Join League dialogs (opened from anywhere through
 * `useLeagueDialogs`), plus the pending creation that completes right after sign-in.
 */
export const LeagueDialogs = ({ viewer }: { viewer: Viewer | null }) => {
  const { dialog, close } = useLeagueDialogs();
  const onOpenChange = (open: boolean) => (open ? undefined : close());
  return (
    <>
      <CreateLeagueDialog
        // A fresh form every time the dialog opens.
        key={dialog?.kind === 'create' ? `create-${dialog.competitionId ?? ''}` : 'create-closed'}
        open={dialog?.kind === 'create'}
        onOpenChange={onOpenChange}
        viewer={viewer}
        competitionId={dialog?.kind === 'create' ? dialog.competitionId : undefined}
      />
      <JoinLeagueDialog
        key={dialog?.kind === 'join' ? 'join-open' : 'join-closed'}
        open={dialog?.kind === 'join'}
        onOpenChange={onOpenChange}
        viewer={viewer}
      />
      {viewer && !viewer.isAnonymous ? <PendingLeagueCreation /> : null}
    </>
  );
};

/** Spec §4: a league form stored while signed out is created as soon as the player signs in. */
const PendingLeagueCreation = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateLeague();
  const createdToast = useCreatedToast();
  const leagueError = useLeagueError();
  const { openCreate } = useLeagueDialogs();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takePendingCreation();
    if (!pending) return;
    create.mutate(pending, {
      onSuccess: (result) => {
        createdToast(result);
        void navigate('/dashboard');
      },
      onError: (error) => {
        toast.error(`${t('leagues.create.pendingFailed')} ${leagueError(error)}`);
        openCreate({ competitionId: pending.competitionId });
      },
    });
  }, [create, createdToast, leagueError, navigate, openCreate, t]);
  return null;
};

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CreateLeagueForm, type CreatedLeague } from './create-league-form';
import { SharePanel } from '../shared/share-panel';
import type { Viewer } from '../shared/viewer';

interface CreateLeagueDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: Viewer | null;
  competitionId?: string | undefined;
}

/** Toast after a create (spec §8): one league, two teams, or a team added to your league. */
export const useCreatedToast = () => {
  const { t } = useTranslation();
  return (result: NonNullable<CreatedLeague>) => {
    if (result.addedToExisting) toast.success(t('leagues.create.addedToExisting'));
    else if (result.teams.length > 1) toast.success(t('leagues.create.bothTeams'));
    else toast.success(t('leagues.create.created', { league: result.league.name }));
  };
};

/** Create League (spec §2.4): the form, then the invite code, link and WhatsApp share. */
export const CreateLeagueDialog = ({
  open,
  onOpenChange,
  viewer,
  competitionId,
}: CreateLeagueDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createdToast = useCreatedToast();
  const [created, setCreated] = useState<NonNullable<CreatedLeague> | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        !created
          ? t('leagues.create.title')
          : created.addedToExisting
            ? t('leagues.create.addedTitle', { league: created.league.name })
            : t('leagues.create.successTitle')
      }
      description={
        !created
          ? t('leagues.create.subtitle')
          : created.addedToExisting
            ? t('leagues.create.addedText', { league: created.league.name })
            : t('leagues.create.successText', { league: created.league.name })
      }
      closeLabel={t('common.close')}
      testId="create-league-dialog"
    >
      {created ? (
        <div className="flex flex-col gap-4" data-testid="create-league-success">
          <SharePanel league={created.league} testIdPrefix="create-league-invite" />
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            data-testid="create-league-done"
          >
            {t('leagues.create.done')}
          </Button>
        </div>
      ) : (
        <CreateLeagueForm
          viewer={viewer}
          competitionId={competitionId}
          onSignInNeeded={() => onOpenChange(false)}
          onCreated={(result) => {
            createdToast(result);
            setCreated(result);
            // Opened from a competition's fixtures: the player stays there to pick; elsewhere the
            // dashboard of the new league (spec §4).
            if (!competitionId) void navigate('/dashboard');
          }}
        />
      )}
    </Dialog>
  );
};

import { useTranslation } from 'react-i18next';
import { LogIn, Trophy } from 'lucide-react';
import type { CompetitionKind } from '../../domain/competitions';
import type { PlayerStatus } from '../lib/competition-board';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { useLeagueDialogs } from '../lib/league-dialogs-context';
import { Button } from '../ui/button';

interface PlayerPromptProps {
  status: Extract<PlayerStatus, 'signed_out' | 'no_team'>;
  competitionId: string;
  competitionName: string;
  kind: CompetitionKind;
}

/**
 * What a visitor needs before predicting: signing in, or a league for this competition (the
 * leagues feature's Create League / Join League dialogs).
 */
export const PlayerPrompt = ({
  status,
  competitionId,
  competitionName,
  kind,
}: PlayerPromptProps) => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  const leagueDialogs = useLeagueDialogs();
  const signedOut = status === 'signed_out';
  const text = signedOut
    ? t('predictions.prompt.signIn', { name: competitionName })
    : kind === 'featured'
      ? t('predictions.prompt.joinFeatured', { name: competitionName })
      : t('predictions.prompt.join');
  return (
    <section
      data-testid={signedOut ? 'prompt-sign-in' : 'prompt-join'}
      className="on-dark flex flex-col gap-4 rounded-2xl bg-navy p-5 text-white shadow-md sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Trophy aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-[#facc15]" />
        <p className="font-semibold">{text}</p>
      </div>
      {signedOut ? (
        <Button
          variant="inverse"
          onClick={() => authDialog.open('login')}
          data-testid="sign-in-to-play"
        >
          <LogIn aria-hidden="true" className="size-4" />
          {t('predictions.prompt.signInAction')}
        </Button>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="inverse"
            onClick={() => leagueDialogs.openCreate({ competitionId })}
            data-testid="prompt-create-league"
          >
            {t('leagues.home.createLeague')}
          </Button>
          <Button
            variant="outline-inverse"
            onClick={leagueDialogs.openJoin}
            data-testid="prompt-join-league"
          >
            {t('leagues.home.joinLeague')}
          </Button>
        </div>
      )}
    </section>
  );
};

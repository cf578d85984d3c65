import { useTranslation } from 'react-i18next';
import { Plus, UserPlus } from 'lucide-react';
import { useLeagueDialogs } from '../lib/league-dialogs-context';
import { Button } from '../ui/button';

/**
 * Create League and Join League side by side: a player with no league starts here (`first`:
 * Create is the main action), one with leagues finds the next ('Create another league').
 */
export const CreateJoinButtons = ({
  testIdPrefix,
  first = false,
}: {
  /** `${prefix}-create-…` and `${prefix}-join-…` name the buttons. */
  testIdPrefix: string;
  first?: boolean;
}) => {
  const { t } = useTranslation();
  const dialogs = useLeagueDialogs();
  const which = first ? 'league' : 'another';
  return (
    <>
      <Button
        variant={first ? 'primary' : 'secondary'}
        onClick={() => dialogs.openCreate()}
        data-testid={`${testIdPrefix}-create-${which}`}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t(first ? 'leagues.home.createLeague' : 'leagues.home.createAnother')}
      </Button>
      <Button
        variant="secondary"
        onClick={() => dialogs.openJoin()}
        data-testid={`${testIdPrefix}-join-${which}`}
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {t('leagues.home.joinLeague')}
      </Button>
    </>
  );
};

import { useTranslation } from 'react-i18next';
import { Plus, UserPlus, Users } from 'lucide-react';
import { useLeagueDialogs } from '../lib/league-dialogs-context';
import { Button } from './button';

const looks = {
  // The landing page's hero, on the pitch: `hero-create-league`, `hero-join-league`.
  hero: {
    create: 'outline-inverse',
    join: 'outline-inverse',
    CreateIcon: Users,
    createLabel: 'home.hero.createLeague',
    joinLabel: 'home.hero.joinLeague',
    which: 'league',
  },
  // A player with no league: Create is the main action.
  first: {
    create: 'primary',
    join: 'secondary',
    CreateIcon: Plus,
    createLabel: 'leagues.home.createLeague',
    joinLabel: 'leagues.home.joinLeague',
    which: 'league',
  },
  // A player with leagues finds the next one ('Create another league').
  another: {
    create: 'secondary',
    join: 'secondary',
    CreateIcon: Plus,
    createLabel: 'leagues.home.createAnother',
    joinLabel: 'leagues.home.joinLeague',
    which: 'another',
  },
} as const;

/**
 * Create League and Join League side by side, each opening its dialog: in the landing page's
 * hero (`hero`), for a player with no league (`first`) and beside a player's leagues
 * (`another`). Rendered as two buttons for the caller's row.
 */
export const CreateJoinButtons = ({
  testIdPrefix,
  look = 'another',
  size = 'md',
}: {
  /** `${prefix}-create-…` and `${prefix}-join-…` name the buttons. */
  testIdPrefix: string;
  look?: keyof typeof looks;
  size?: 'md' | 'lg';
}) => {
  const { t } = useTranslation();
  const dialogs = useLeagueDialogs();
  const { create, join, CreateIcon, createLabel, joinLabel, which } = looks[look];
  const icon = size === 'lg' ? 'size-5' : 'size-4';
  return (
    <>
      <Button
        variant={create}
        size={size}
        onClick={() => dialogs.openCreate()}
        data-testid={`${testIdPrefix}-create-${which}`}
      >
        <CreateIcon aria-hidden="true" className={icon} />
        {t(createLabel)}
      </Button>
      <Button
        variant={join}
        size={size}
        onClick={() => dialogs.openJoin()}
        data-testid={`${testIdPrefix}-join-${which}`}
      >
        <UserPlus aria-hidden="true" className={icon} />
        {t(joinLabel)}
      </Button>
    </>
  );
};

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { sameNameIgnoringCase } from '../../../domain/league-names';
import { useAuthDialog } from '../../lib/auth-dialog-context';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { Notice } from '../../ui/state';
import { myLeaguesQueryOptions } from '../../lib/queries';
import { playableCompetitionsQueryOptions, useCreateLeague } from '../shared/api';
import { savePendingCreation } from './pending-creation';
import { useLeagueError } from '../shared/use-league-error';
import type { Viewer } from '../shared/viewer';
import { NameField } from './name-field';

export type CreatedLeague = ReturnType<typeof useCreateLeague>['data'];

interface CreateLeagueFormProps {
  viewer: Viewer | null;
  competitionId?: string | undefined;
  onCreated: (result: NonNullable<CreatedLeague>) => void;
  /** Called when the form hands over to the sign-in dialog. */
  onSignInNeeded: () => void;
}

type Errors = Partial<Record<'leagueName' | 'teamName' | 'secondTeamName' | 'form', string>>;

/** League Name, Your First Team Name, optional second team, Competition (spec §2.4, §5). */
export const CreateLeagueForm = ({
  viewer,
  competitionId,
  onCreated,
  onSignInNeeded,
}: CreateLeagueFormProps) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const authDialog = useAuthDialog();
  const competitions = useQuery(playableCompetitionsQueryOptions);
  const create = useCreateLeague();
  const [leagueName, setLeagueName] = useState('');
  const [teamName, setTeamName] = useState('');
  const [secondTeamName, setSecondTeamName] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  // A league of this name the player is in already: the server adds the team there (spec §4);
  // the form asks first.
  const signedIn = viewer !== null && !viewer.isAnonymous;
  const mine = useQuery({ ...myLeaguesQueryOptions, enabled: signedIn });
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const existing = signedIn
    ? (mine.data ?? []).find((league) => sameNameIgnoringCase(league.name, leagueName.trim()))
    : undefined;
  const asking = existing !== undefined && confirmedFor !== existing.id;

  // Competitions with fixtures still to play; the rest are listed apart, unavailable, and say why.
  const listed = competitions.data ?? [];
  const options = listed.filter((c) => c.openFixtures > 0 || c.nextKickoff !== null);
  const between = listed.filter((c) => !options.includes(c));
  const selected =
    chosen ??
    options.find((c) => c.id === competitionId)?.id ??
    options.find((c) => c.id === 'premier_league')?.id ??
    options[0]?.id ??
    'premier_league';

  const validate = (): Errors => {
    const found: Errors = {};
    if (leagueName.trim() === '') found.leagueName = t('leagues.validation.leagueName');
    if (teamName.trim() === '') found.teamName = t('leagues.validation.teamName');
    if (secondTeamName.trim() !== '' && sameNameIgnoringCase(teamName, secondTeamName)) {
      found.secondTeamName = t('errors.TEAM_NAMES_SAME');
    }
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (asking) return;
    const body = {
      leagueName: leagueName.trim(),
      teamName: teamName.trim(),
      ...(secondTeamName.trim() ? { secondTeamName: secondTeamName.trim() } : {}),
      competitionId: selected,
    };
    if (!viewer || viewer.isAnonymous) {
      // Kept until the player has signed in, then created automatically (spec §4).
      savePendingCreation(body);
      onSignInNeeded();
      authDialog.open(viewer ? 'signup' : 'login');
      return;
    }
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        const message = leagueError(error);
        const code = (error as { code?: string }).code;
        if (code === 'LEAGUE_NAME_TAKEN') setErrors({ leagueName: message });
        else if (code === 'TEAM_NAMES_SAME') setErrors({ secondTeamName: message });
        else if (code === 'TEAM_NAME_TAKEN' || code === 'OWN_TEAM_NAME_EXISTS')
          setErrors({ teamName: message });
        else setErrors({ form: message });
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-testid="create-league-form"
    >
      {!viewer || viewer.isAnonymous ? (
        <Notice tone="info">{t('leagues.create.signInFirst')}</Notice>
      ) : null}
      <NameField
        label={t('leagues.create.leagueName')}
        error={errors.leagueName}
        value={leagueName}
        onChange={setLeagueName}
        testId="create-league-name"
      />
      <NameField
        label={t('leagues.create.teamName')}
        error={errors.teamName}
        value={teamName}
        onChange={setTeamName}
        testId="create-league-team"
      />
      <NameField
        label={t('leagues.create.secondTeamName')}
        hint={t('leagues.create.secondTeamHint')}
        error={errors.secondTeamName}
        value={secondTeamName}
        onChange={setSecondTeamName}
        testId="create-league-second-team"
      />
      {competitions.isPending ? (
        <Skeleton className="h-16" />
      ) : (
        <Field label={t('leagues.create.competition')}>
          <Select
            value={selected}
            onChange={(e) => setChosen(e.target.value)}
            className="w-full"
            data-testid="create-league-competition"
          >
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {between.length > 0 ? (
              <optgroup label={t('leagues.create.nothingToPlay')}>
                {between.map((c) => (
                  <option key={c.id} value={c.id} disabled>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </Select>
        </Field>
      )}
      <Notice tone="error" testId="create-league-error">
        {errors.form}
      </Notice>
      {existing ? (
        <Notice tone="info" testId="create-league-existing">
          {t('leagues.create.existingAsk', { league: existing.name })}
        </Notice>
      ) : null}
      {existing && asking ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            type="button"
            size="lg"
            onClick={() => setConfirmedFor(existing.id)}
            data-testid="create-league-add-team"
          >
            {t('leagues.create.existingAdd', { league: existing.name })}
          </Button>
          <Button
            type="button"
            size="lg"
            variant="secondary"
            onClick={() =>
              document
                .querySelector<HTMLInputElement>('[data-testid="create-league-name"]')
                ?.focus()
            }
            data-testid="create-league-rename"
          >
            {t('leagues.create.existingRename')}
          </Button>
        </div>
      ) : (
        <Button
          type="submit"
          size="lg"
          disabled={create.isPending}
          data-testid="create-league-submit"
        >
          {create.isPending
            ? t('leagues.processing')
            : existing
              ? t('leagues.create.existingAdd', { league: existing.name })
              : t('leagues.create.submit')}
        </Button>
      )}
    </form>
  );
};

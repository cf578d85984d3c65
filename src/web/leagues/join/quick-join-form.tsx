import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { inviteCodeLength, nameMaxLength } from '../../../domain/league-names';
import { useAuthDialog } from '../../lib/auth-dialog-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/state';
import { useQuickJoin } from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';

type QuickJoined = NonNullable<ReturnType<typeof useQuickJoin>['data']>;

interface QuickJoinFormProps {
  /** A code from an invite link: shown, not typed. */
  fixedCode?: string;
  /** A league name from an invite link by name (no code for non-members): nothing to type. */
  fixedLeague?: string;
  onJoined: (result: QuickJoined) => void;
  /** Before the sign-in dialog opens (e.g. to close the dialog this form sits in). */
  onSignIn?: () => void;
  testIdPrefix?: string;
  /** The 'Sign in with e-mail instead' link (off where a Sign in button sits beside the form). */
  signInLink?: boolean;
  /** From 768 px: team name, code and the button on one row (the home page's wide card). */
  inline?: boolean;
}

/** Team Name + League Code, no account needed (spec §2.4, §4 quick join). */
export const QuickJoinForm = ({
  fixedCode,
  fixedLeague,
  onJoined,
  onSignIn,
  testIdPrefix = 'quick-join',
  signInLink = true,
  inline = false,
}: QuickJoinFormProps) => {
  const { t } = useTranslation();
  const authDialog = useAuthDialog();
  const leagueError = useLeagueError();
  const quickJoin = useQuickJoin();
  const [teamName, setTeamName] = useState('');
  const [code, setCode] = useState(fixedCode ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // Where the code comes with the link, only the team name can be missing.
    const codeShown = !fixedCode && !fixedLeague;
    if (teamName.trim() === '' || (codeShown && code.trim() === '')) {
      setError(t(codeShown ? 'leagues.quickJoin.required' : 'leagues.validation.teamName'));
      return;
    }
    quickJoin.mutate(
      fixedLeague
        ? { teamName: teamName.trim(), league: fixedLeague }
        : { teamName: teamName.trim(), code: code.trim().toUpperCase() },
      {
        onSuccess: (result) => {
          toast.success(
            result.reentered
              ? t('leagues.quickJoin.welcomeBack', { team: result.team.name })
              : t('leagues.join.joined', { league: result.league.name }),
          );
          onJoined(result);
        },
        onError: (failure) =>
          setError(leagueError(failure, { INVALID_LEAGUE: 'leagues.quickJoin.notFound' })),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className={cn(
        'flex flex-col gap-4',
        inline && 'md:grid md:grid-cols-[minmax(0,1fr)_12rem_auto] md:items-end',
      )}
      data-testid={`${testIdPrefix}-form`}
    >
      <Field label={t('leagues.quickJoin.teamName')}>
        <Input
          value={teamName}
          maxLength={nameMaxLength}
          autoComplete="off"
          onChange={(e) => setTeamName(e.target.value)}
          data-testid={`${testIdPrefix}-team`}
        />
      </Field>
      {fixedCode || fixedLeague ? null : (
        <Field
          label={t('leagues.quickJoin.code')}
          hint={inline ? undefined : t('leagues.quickJoin.codeHint')}
        >
          <Input
            placeholder={inline ? t('leagues.quickJoin.codeHint') : undefined}
            value={code}
            maxLength={inviteCodeLength}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase tracking-widest placeholder:font-sans placeholder:normal-case placeholder:tracking-normal"
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            data-testid={`${testIdPrefix}-code`}
          />
        </Field>
      )}
      {error && !inline ? (
        <Notice tone="error" testId={`${testIdPrefix}-error`}>
          {error}
        </Notice>
      ) : null}
      <Button
        type="submit"
        size="lg"
        disabled={quickJoin.isPending}
        data-testid={`${testIdPrefix}-submit`}
      >
        {quickJoin.isPending ? t('leagues.processing') : t('leagues.quickJoin.submit')}
      </Button>
      {error && inline ? (
        <div className="md:col-span-3">
          <Notice tone="error" testId={`${testIdPrefix}-error`}>
            {error}
          </Notice>
        </div>
      ) : null}
      {signInLink ? (
        <button
          type="button"
          onClick={() => {
            onSignIn?.();
            authDialog.open('login');
          }}
          className="min-h-11 self-center rounded-lg md:col-span-3 md:justify-self-center px-2 text-sm font-semibold text-brand-text underline-offset-4 hover:underline"
          data-testid={`${testIdPrefix}-sign-in`}
        >
          {t('leagues.quickJoin.signInInstead')}
        </button>
      ) : null}
    </form>
  );
};

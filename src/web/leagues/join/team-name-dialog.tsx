import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Notice } from '../../ui/state';
import { useLeagueError } from '../shared/use-league-error';
import { NameField } from './name-field';

interface TeamNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  /** Resolves on success (the dialog closes), rejects with the API error (shown inline). */
  onSubmit: (teamName: string) => Promise<unknown>;
  testId: string;
}

/** The team-name dialog (spec §2.4, §4): create a team or join a league with one. */
export const TeamNameDialog = ({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  onSubmit,
  testId,
}: TeamNameDialogProps) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const [teamName, setTeamName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (teamName.trim() === '') {
      setError(t('leagues.validation.teamName'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(teamName.trim());
      setTeamName('');
      onOpenChange(false);
    } catch (failure) {
      setError(leagueError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setTeamName('');
          setError(null);
        }
        onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={t('common.close')}
      testId={testId}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <NameField
          label={t('leagues.teamName')}
          value={teamName}
          onChange={setTeamName}
          autoFocus
          testId={`${testId}-input`}
        />
        {error ? (
          <Notice tone="error" testId={`${testId}-error`}>
            {error}
          </Notice>
        ) : null}
        <DialogActions
          cancelLabel={t('leagues.cancel')}
          onCancel={() => onOpenChange(false)}
          submitLabel={submitLabel}
          busyLabel={t('leagues.processing')}
          busy={busy}
          disabled={teamName.trim() === ''}
          testId={testId}
        />
      </form>
    </Dialog>
  );
};

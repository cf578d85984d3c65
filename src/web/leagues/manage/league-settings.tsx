import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../ui/toast';
import { Switch } from 'radix-ui';
import { Crown, RefreshCw, Settings, Trash2, UserCheck, UserMinus } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { nameMaxLength } from '../../../domain/league-names';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Dialog, DialogActions } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { Input } from '../../ui/input';
import { Notice } from '../../ui/state';
import {
  leagueBarsQueryOptions,
  useDeleteLeague,
  useHandOverAdmin,
  useLiftBar,
  useRegenerateInviteCode,
  useRemoveTeam,
  useUpdateLeague,
  type LeagueInfo,
  type LeagueMember,
} from '../shared/api';
import { useLeagueError } from '../shared/use-league-error';
import { myLeaguesQueryOptions } from '../../lib/queries';
import { managerLabel } from '../../lib/manager-name';

type Confirm =
  | { kind: 'code' }
  | { kind: 'remove'; member: LeagueMember }
  | { kind: 'admin'; member: LeagueMember }
  | { kind: 'delete' }
  | null;

/** League settings for the league admin (docs/design.md §3): name, invite code, joining by name, teams. */
export const LeagueSettings = ({
  league,
  members,
}: {
  league: LeagueInfo;
  members: LeagueMember[];
}) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const update = useUpdateLeague(league.id);
  const [name, setName] = useState(league.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  // The admin's own teams take no 'make admin' button.
  const mine = useQuery(myLeaguesQueryOptions);
  const ownTeams = new Set(
    (mine.data ?? [])
      .filter((l) => l.id === league.id)
      .flatMap((l) => l.teams.map((team) => team.id)),
  );

  const rename = (event: FormEvent) => {
    event.preventDefault();
    setNameError(null);
    if (name.trim() === '') {
      setNameError(t('leagues.validation.leagueName'));
      return;
    }
    update.mutate(
      { name: name.trim() },
      {
        onSuccess: () => toast.success(t('leagues.settings.renamed')),
        onError: (error) => setNameError(leagueError(error)),
      },
    );
  };

  const toggleJoinByName = (joinByName: boolean) =>
    update.mutate(
      { joinByName },
      {
        onSuccess: () => toast.success(t('leagues.settings.saved')),
        onError: (error) => toast.error(leagueError(error)),
      },
    );

  return (
    <Card className="flex flex-col gap-5" data-testid="league-settings">
      <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
        <Settings aria-hidden="true" className="size-5 text-brand-text" />
        {t('leagues.settings.title')}
      </h2>
      <form noValidate onSubmit={rename} className="flex flex-col gap-2">
        <Field label={t('leagues.settings.name')} error={nameError}>
          <Input
            value={name}
            maxLength={nameMaxLength}
            onChange={(e) => setName(e.target.value)}
            data-testid="settings-name"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          disabled={update.isPending || name.trim() === league.name}
          className="self-start"
          data-testid="settings-rename"
        >
          {t('leagues.settings.rename')}
        </Button>
      </form>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor="join-by-name" className="flex flex-col gap-0.5">
          <span className="text-sm font-medium text-fg">{t('leagues.settings.joinByName')}</span>
          <span className="text-sm text-fg-muted">{t('leagues.settings.joinByNameHint')}</span>
        </label>
        <Switch.Root
          id="join-by-name"
          checked={league.joinByName}
          disabled={update.isPending}
          onCheckedChange={toggleJoinByName}
          data-testid="settings-join-by-name"
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line bg-neutral-soft p-0.5 transition-colors data-[state=checked]:bg-primary disabled:opacity-60 before:absolute before:-inset-2 before:content-['']"
        >
          <Switch.Thumb className="block size-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
        </Switch.Root>
      </div>
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-fg">{t('leagues.settings.inviteCode')}</span>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className="font-mono text-lg font-bold tracking-widest text-fg"
            data-testid="settings-code"
          >
            {league.inviteCode}
          </span>
          <Button
            variant="secondary"
            onClick={() => setConfirm({ kind: 'code' })}
            data-testid="settings-regenerate"
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('leagues.settings.regenerate')}
          </Button>
        </div>
      </div>
      {members.length > 0 ? (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-fg">{t('leagues.settings.teams')}</span>
          <ul className="flex flex-col gap-1">
            {members.map((m) => (
              <li key={m.teamId} className="flex items-center justify-between gap-2">
                <span className="break-words text-sm text-fg">{m.teamName}</span>
                <span className="flex shrink-0 gap-1">
                  {ownTeams.has(m.teamId) ? null : (
                    <Button
                      variant="ghost"
                      aria-label={t('leagues.settings.makeAdminLabel', {
                        manager: managerLabel(t, m.manager),
                        team: m.teamName,
                      })}
                      title={t('leagues.settings.makeAdmin')}
                      onClick={() => setConfirm({ kind: 'admin', member: m })}
                      data-testid="settings-make-admin"
                    >
                      <Crown aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    aria-label={t('leagues.settings.removeTeamLabel', { team: m.teamName })}
                    onClick={() => setConfirm({ kind: 'remove', member: m })}
                  >
                    <UserMinus aria-hidden="true" className="size-4" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <RemovedPlayers leagueId={league.id} />
      <Button
        variant="danger"
        onClick={() => setConfirm({ kind: 'delete' })}
        data-testid="settings-delete"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('leagues.settings.delete')}
      </Button>
      <ConfirmDialogs league={league} confirm={confirm} onClose={() => setConfirm(null)} />
    </Card>
  );
};

/** Players whose team was removed: they stay out until the admin lets them back in. */
const RemovedPlayers = ({ leagueId }: { leagueId: string }) => {
  const { t } = useTranslation();
  const leagueError = useLeagueError();
  const bars = useQuery(leagueBarsQueryOptions(leagueId));
  const lift = useLiftBar(leagueId);
  const rows = bars.data?.bars ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="settings-bars">
      <span className="text-sm font-medium text-fg">{t('leagues.settings.barsTitle')}</span>
      <span className="text-sm text-fg-muted">{t('leagues.settings.barsHint')}</span>
      <ul className="flex flex-col gap-1">
        {rows.map((bar) => (
          <li key={bar.userId} className="flex items-center justify-between gap-2">
            <span className="flex min-w-0 flex-col">
              <span className="break-words text-sm text-fg">{managerLabel(t, bar.manager)}</span>
              <span className="break-words text-xs text-fg-muted" title={bar.teamName}>
                {t('leagues.settings.barTeam', { team: bar.teamName })}
              </span>
            </span>
            <Button
              variant="secondary"
              className="shrink-0 whitespace-nowrap"
              disabled={lift.isPending}
              aria-label={t('leagues.settings.liftBarLabel', {
                manager: managerLabel(t, bar.manager),
              })}
              data-testid="settings-lift-bar"
              onClick={() =>
                lift.mutate(bar.userId, {
                  onSuccess: () =>
                    toast.success(
                      t('leagues.settings.barLifted', { manager: managerLabel(t, bar.manager) }),
                    ),
                  onError: (error) => toast.error(leagueError(error)),
                })
              }
            >
              <UserCheck aria-hidden="true" className="size-4" />
              {t('leagues.settings.liftBar')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
};

const ConfirmDialogs = ({
  league,
  confirm,
  onClose,
}: {
  league: LeagueInfo;
  confirm: Confirm;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leagueError = useLeagueError();
  const regenerate = useRegenerateInviteCode(league.id);
  const remove = useRemoveTeam(league.id);
  const handOver = useHandOverAdmin(league.id);
  const destroy = useDeleteLeague(league.id);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const fail = (failure: unknown) => setError(leagueError(failure));
  const busy = regenerate.isPending || remove.isPending || handOver.isPending || destroy.isPending;

  const copy =
    confirm?.kind === 'code'
      ? { title: t('leagues.settings.regenerateTitle'), text: t('leagues.settings.regenerateText') }
      : confirm?.kind === 'remove'
        ? {
            title: t('leagues.settings.removeTitle', { team: confirm.member.teamName }),
            text: t('leagues.settings.removeText'),
          }
        : confirm?.kind === 'admin'
          ? {
              title: t('leagues.settings.makeAdminTitle', {
                manager: managerLabel(t, confirm.member.manager),
              }),
              text: t('leagues.settings.makeAdminText', {
                manager: managerLabel(t, confirm.member.manager),
                team: confirm.member.teamName,
              }),
            }
          : {
              title: t('leagues.settings.deleteTitle'),
              text: t('leagues.settings.deleteText', { league: league.name }),
            };

  const run = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (confirm?.kind === 'code') {
      regenerate.mutate(undefined, {
        onSuccess: (result) => {
          toast.success(t('leagues.settings.regenerated', { code: result.inviteCode }));
          close();
        },
        onError: fail,
      });
    } else if (confirm?.kind === 'remove') {
      remove.mutate(confirm.member.teamId, {
        onSuccess: () => {
          toast.success(t('leagues.settings.removed', { team: confirm.member.teamName }));
          close();
        },
        onError: fail,
      });
    } else if (confirm?.kind === 'admin') {
      // Awaited, not a callback: the settings unmount once the league refreshes without them.
      const { manager } = confirm.member;
      handOver.mutateAsync(confirm.member.teamId).then(() => {
        toast.success(t('leagues.settings.adminHandedOver', { manager }));
        close();
      }, fail);
    } else if (confirm?.kind === 'delete') {
      destroy.mutate(typed, {
        onSuccess: () => {
          toast.success(t('leagues.settings.deleted', { league: league.name }));
          close();
          void navigate('/');
        },
        onError: fail,
      });
    }
  };

  return (
    <Dialog
      open={confirm !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={copy.title}
      description={copy.text}
      closeLabel={t('common.close')}
      testId="league-confirm-dialog"
    >
      <form noValidate onSubmit={run} className="flex flex-col gap-4">
        {confirm?.kind === 'delete' ? (
          <Field label={t('leagues.settings.typeName', { league: league.name })}>
            <Input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              data-testid="confirm-name"
            />
          </Field>
        ) : null}
        <Notice tone="error">{error}</Notice>
        <DialogActions
          cancelLabel={t('leagues.cancel')}
          onCancel={close}
          submitLabel={t('leagues.settings.confirm')}
          busyLabel={t('leagues.processing')}
          busy={busy}
          disabled={confirm?.kind === 'delete' && typed.trim() !== league.name}
          tone={confirm?.kind === 'code' || confirm?.kind === 'admin' ? 'primary' : 'danger'}
          testId="confirm"
        />
      </form>
    </Dialog>
  );
};

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRestart, Plus, Trophy } from 'lucide-react';
import { toast } from '../ui/toast';
import { useFormat } from '../lib/format';
import { ApiError } from '../lib/api-client';
import { useErrorMessage } from '../ui/use-error-message';
import { SectionHeader } from '../ui/section-header';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Select } from '../ui/select';
import { QueryView } from '../ui/query-view';
import { EmptyState } from '../ui/state';
import { AccessDenied } from './access-denied';
import { AddCompetitionDialog } from './add-competition-dialog';
import { AddFixtureDialog } from './add-fixture-dialog';
import type { AdminCompetition, AdminFixtureRow } from './api';
import { useAdminCompetitions, useAdminFixtures, useRebuildStandings } from './api';
import { CompetitionPicker, useCompetitionParam } from './competition-picker';
import { FixtureEditDialog } from './fixture-edit-dialog';
import { FixtureEditor } from './fixture-editor';
import { compareCodes } from '../../domain/kickoff';

const allRounds = '*';

/** Rounds in playing order, each with its fixtures by kick-off. */
const groupByRound = (fixtures: AdminFixtureRow[]) => {
  const sorted = [...fixtures].sort(
    (a, b) => a.roundOrder - b.roundOrder || compareCodes(a.kickoffAt, b.kickoffAt),
  );
  const groups = new Map<string, AdminFixtureRow[]>();
  for (const fixture of sorted)
    groups.set(fixture.round, [...(groups.get(fixture.round) ?? []), fixture]);
  return [...groups];
};

/** The fixture whose kick-off is nearest to now: where results are most likely entered. */
const nearest = (fixtures: AdminFixtureRow[]) => {
  const now = Date.now();
  let best: AdminFixtureRow | undefined;
  for (const f of fixtures)
    if (
      !best ||
      Math.abs(Date.parse(f.kickoffAt) - now) < Math.abs(Date.parse(best.kickoffAt) - now)
    )
      best = f;
  return best;
};

/** The competition's seasons, latest first (by their last kick-off). */
const seasonsOf = (fixtures: AdminFixtureRow[]) => {
  const last = new Map<string, string>();
  for (const f of fixtures)
    if ((last.get(f.season) ?? '') < f.kickoffAt) last.set(f.season, f.kickoffAt);
  return [...last].sort((a, b) => b[1].localeCompare(a[1])).map(([season]) => season);
};

/** 'Rebuild standings': sums every league table of the competition afresh from the picks. */
const RebuildStandings = ({ competitionId }: { competitionId: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const rebuild = useRebuildStandings();
  const run = () =>
    rebuild.mutate(competitionId, {
      onSuccess: (r) =>
        toast.success(
          t('admin.fixtures.rebuilt', {
            count: r.leagues,
            leagues: format.number(r.leagues),
            seconds: format.number(Math.round(r.tookMs / 100) / 10),
          }),
        ),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <div className="flex items-end sm:ml-auto">
      <Button
        variant="secondary"
        onClick={run}
        disabled={rebuild.isPending}
        title={t('admin.fixtures.rebuildHint')}
        data-testid="rebuild-standings"
      >
        <ListRestart aria-hidden="true" className="size-4" />
        {t('admin.fixtures.rebuild')}
      </Button>
    </div>
  );
};

const FixtureList = ({
  competition,
  season,
  seasons,
  onSeason,
  onAdd,
}: {
  competition: AdminCompetition;
  /** The season shown; `seasons` lists every season of the competition, latest first. */
  season: string;
  seasons: string[];
  onSeason: (season: string) => void;
  onAdd: () => void;
}) => {
  const { t } = useTranslation();
  const fixtures = useAdminFixtures(competition.id);
  const [round, setRound] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminFixtureRow | null>(null);
  const groups = useMemo(
    () => groupByRound((fixtures.data ?? []).filter((f) => f.season === season)),
    [fixtures.data, season],
  );

  if (fixtures.isPending || fixtures.isError)
    return (
      <QueryView
        query={fixtures}
        errorTitle={t('admin.fixtures.loadError')}
        loadingLabel={t('admin.fixtures.loading')}
        rows={4}
      />
    );
  if (fixtures.data.length === 0)
    return (
      <EmptyState title={t('admin.fixtures.empty')}>
        <p className="text-sm text-fg-muted">{t('admin.fixtures.emptyHint')}</p>
        <Button onClick={onAdd} data-testid="empty-add-fixture">
          <Plus aria-hidden="true" className="size-4" />
          {t('admin.fixtures.add')}
        </Button>
      </EmptyState>
    );

  const near = nearest(fixtures.data.filter((f) => f.season === season));
  const chosen = round ?? near?.round ?? allRounds;
  const shown = chosen === allRounds ? groups : groups.filter(([label]) => label === chosen);
  const visible = shown.length > 0 ? shown : groups;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {seasons.length > 1 ? (
          <Field label={t('admin.fixtures.season')}>
            <Select
              value={season}
              onChange={(e) => {
                onSeason(e.target.value);
                setRound(null);
              }}
              className="w-full sm:w-48"
              data-testid="admin-season"
            >
              {seasons.map((label) => (
                <option key={label} value={label}>
                  {label || t('admin.fixtures.unnamedSeason')}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {groups.length > 1 ? (
          <Field label={t('admin.fixtures.round')}>
            <Select
              value={visible === groups ? allRounds : chosen}
              onChange={(e) => setRound(e.target.value)}
              className="w-full sm:w-72"
              data-testid="admin-round"
            >
              <option value={allRounds}>{t('admin.fixtures.allRounds')}</option>
              {groups.map(([label]) => (
                <option key={label} value={label}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <RebuildStandings competitionId={competition.id} />
      </div>
      {visible.map(([label, rows]) => (
        <section key={label} aria-label={label} className="flex flex-col gap-3">
          <h3 className="text-base font-bold text-fg">
            {label}{' '}
            <span className="text-sm font-normal text-fg-muted">
              · {t('admin.fixtures.count', { n: rows.length })}
            </span>
          </h3>
          <ul className="flex flex-col gap-3" data-testid="fixture-list">
            {rows.map((fixture) => (
              <FixtureEditor
                key={`${fixture.id}:${fixture.updatedAt}`}
                fixture={fixture}
                timeZone={competition.timeZone}
                onEdit={setEditing}
              />
            ))}
          </ul>
        </section>
      ))}
      <FixtureEditDialog
        fixture={editing}
        timeZone={competition.timeZone}
        onClose={() => setEditing(null)}
      />
    </div>
  );
};

/** Fixtures & results (spec §2.18): pick a competition, enter results, add matches. */
export const FixturesTab = () => {
  const { t } = useTranslation();
  const competitions = useAdminCompetitions();
  const [competition, select] = useCompetitionParam(competitions.data);
  const [adding, setAdding] = useState(false);
  const [addingCompetition, setAddingCompetition] = useState(false);
  const fixtures = useAdminFixtures(competition?.id ?? '');
  const [picked, setPicked] = useState<{ competitionId: string; season: string } | null>(null);
  const all = fixtures.data ?? [];
  const seasons = seasonsOf(all);
  // The season of the match nearest to now, until the admin picks another.
  const season =
    picked && picked.competitionId === competition?.id
      ? picked.season
      : (nearest(all)?.season ?? competition?.seasonLabel ?? '');
  const rounds = groupByRound(all.filter((f) => f.season === season)).map(([label]) => label);

  if (competitions.error instanceof ApiError && competitions.error.code === 'ADMIN_ONLY')
    return <AccessDenied />;

  return (
    <section
      aria-labelledby="fixtures-heading"
      className="flex flex-col gap-5"
      data-testid="admin-fixtures"
    >
      <SectionHeader
        id="fixtures-heading"
        title={t('admin.fixtures.title')}
        description={t('admin.fixtures.description')}
      />
      {competitions.isPending || competitions.isError ? (
        <QueryView
          query={competitions}
          errorTitle={t('admin.fixtures.loadError')}
          loadingLabel={t('admin.fixtures.loading')}
          rows={4}
        />
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            {competition ? (
              <CompetitionPicker
                competitions={competitions.data}
                value={competition.id}
                onChange={select}
              />
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => setAdding(true)}
                disabled={!competition}
                data-testid="add-fixture"
              >
                <Plus aria-hidden="true" className="size-4" />
                {t('admin.fixtures.add')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setAddingCompetition(true)}
                data-testid="add-competition"
              >
                <Trophy aria-hidden="true" className="size-4" />
                {t('admin.competition.add')}
              </Button>
            </div>
          </div>
          {competition ? (
            <FixtureList
              key={competition.id}
              competition={competition}
              season={season}
              seasons={seasons}
              onSeason={(next) => setPicked({ competitionId: competition.id, season: next })}
              onAdd={() => setAdding(true)}
            />
          ) : null}
          {competition ? (
            <AddFixtureDialog
              competition={competition}
              season={season}
              rounds={rounds}
              open={adding}
              onOpenChange={setAdding}
            />
          ) : null}
          <AddCompetitionDialog
            open={addingCompetition}
            onOpenChange={setAddingCompetition}
            onAdded={select}
          />
        </>
      )}
    </section>
  );
};

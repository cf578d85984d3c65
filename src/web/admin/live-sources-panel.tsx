import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Radio } from 'lucide-react';
import { useFormat } from '../lib/format';
import { useErrorMessage } from '../ui/use-error-message';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Notice } from '../ui/state';
import { toast } from '../ui/toast';
import { useAdminFixtures } from './api';
import { useLinkMatch, type LiveOverview, type SyncCompetition } from './sync-api';

type Unmatched = LiveOverview['unmatched'][number];

const dayMs = 24 * 3_600_000;

/** One match without a fixture: its names, and a choice among the fixtures near its date. */
const UnmatchedRow = ({ match, name }: { match: Unmatched; name: string }) => {
  const { t } = useTranslation();
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const fixtures = useAdminFixtures(match.competitionId);
  const link = useLinkMatch();
  const [fixtureId, setFixtureId] = useState('');
  const when = new Date(match.kickoffAt).getTime();
  const near = (fixtures.data ?? []).filter(
    (f) => Math.abs(new Date(f.kickoffAt).getTime() - when) <= 3 * dayMs,
  );
  const label = t('admin.sync.live.linkLabel', { home: match.homeTeam, away: match.awayTeam });
  return (
    <li
      data-testid="live-unmatched"
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 md:flex-row md:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold text-fg">
          {match.homeTeam} – {match.awayTeam}
        </p>
        <p className="text-sm text-fg-muted">
          {t(`admin.sources.${match.source}`)} · {format.dateTime(match.kickoffAt)} · {name}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field label={label}>
          <Select
            value={fixtureId}
            onChange={(e) => setFixtureId(e.target.value)}
            data-testid="live-link-fixture"
            className="sm:w-72"
          >
            <option value="">{t('admin.sync.live.choose')}</option>
            {near.map((f) => (
              <option key={f.id} value={f.id}>
                {f.homeTeam} – {f.awayTeam} · {format.date(f.kickoffAt)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          variant="secondary"
          disabled={fixtureId === '' || link.isPending}
          data-testid="live-link"
          onClick={() =>
            link.mutate(
              { source: match.source, matchId: match.matchId, fixtureId },
              {
                onSuccess: () => toast.success(t('admin.sync.live.linked')),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        >
          <Link2 aria-hidden="true" className="size-4" />
          {t('admin.sync.live.link')}
        </Button>
      </div>
    </li>
  );
};

interface Props {
  live: LiveOverview;
  competitions: SyncCompetition[];
  /** The competition being synced now ('' = all), or null. */
  syncing: string | null;
  onSyncSeason: (competitionId: string, season: string) => void;
}

/**
 * The live sources (issue 28): today's requests per source with the last success and error,
 * matches no fixture was paired with (linked here by hand), fixtures whose sources disagree,
 * and a whole past season read from every source.
 */
export const LiveSourcesPanel = ({ live, competitions, syncing, onSyncSeason }: Props) => {
  const { t } = useTranslation();
  const format = useFormat();
  const [competitionId, setCompetitionId] = useState(competitions[0]?.competitionId ?? '');
  const [season, setSeason] = useState('');
  const seasonValid = /^\d{4}(-\d{2})?$/.test(season.trim());
  const names = new Map(competitions.map((c) => [c.competitionId, c.name]));
  return (
    <section
      aria-labelledby="live-heading"
      className="flex flex-col gap-4"
      data-testid="live-sources"
    >
      <div className="flex items-center gap-2">
        <Radio aria-hidden="true" className="size-5 text-accent" />
        <h3 id="live-heading" className="text-lg font-semibold text-fg">
          {t('admin.sync.live.title')}
        </h3>
      </div>
      <p className="text-sm text-fg-muted">{t('admin.sync.live.description')}</p>
      {!live.enabled ? <Notice tone="info">{t('admin.sync.live.disabled')}</Notice> : null}

      <ul className="grid gap-3 md:grid-cols-2" data-testid="live-source-list">
        {live.sources.map((s) => (
          <li
            key={s.source}
            data-testid={`live-source-${s.source}`}
            className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4"
          >
            <p className="font-semibold text-fg">{t(`admin.sources.${s.source}`)}</p>
            <p className="text-sm text-fg">
              {t('admin.sync.live.requestsToday', { n: format.number(s.requestsToday) })}
              {s.errorsToday > 0 ? (
                <Badge tone="warn" className="ml-2">
                  {t('admin.sync.live.errorsToday', { n: format.number(s.errorsToday) })}
                </Badge>
              ) : null}
            </p>
            <p className="text-sm text-fg-muted">
              {s.lastSuccessAt
                ? t('admin.sync.lastSuccess', { time: format.dateTime(s.lastSuccessAt) })
                : t('admin.sync.live.never')}
            </p>
            {s.lastError && s.lastErrorAt ? (
              <p className="break-words text-sm text-danger">
                {t('admin.sync.live.lastError', {
                  time: format.dateTime(s.lastErrorAt),
                  error: s.lastError,
                })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>

      <h4 className="font-semibold text-fg">{t('admin.sync.live.refusalsTitle')}</h4>
      <p className="text-sm text-fg-muted">{t('admin.sync.live.refusalsHint')}</p>
      {live.refusals.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin.sync.live.refusalsEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="live-refusals">
          {live.refusals.map((r) => (
            <li
              key={`${r.source}:${r.reason}`}
              className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-3 text-sm"
            >
              <p className="font-medium text-fg">
                {t(`admin.sources.${r.source}`)} · {t(`admin.sync.live.reason.${r.reason}`)}
              </p>
              <p className="text-fg">
                {t('admin.sync.live.refusalCounts', {
                  today: format.number(r.today),
                  week: format.number(r.week),
                })}
              </p>
              <p className="break-words text-fg-muted">
                {t('admin.sync.live.refusalLast', {
                  time: format.dateTime(r.lastAt),
                  detail: r.lastDetail,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}

      <h4 className="font-semibold text-fg">{t('admin.sync.live.unmatchedTitle')}</h4>
      {live.unmatched.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin.sync.live.unmatchedEmpty')}</p>
      ) : (
        <>
          <p className="text-sm text-fg-muted">{t('admin.sync.live.unmatchedHint')}</p>
          <ul className="flex flex-col gap-3">
            {live.unmatched.map((m) => (
              <UnmatchedRow
                key={`${m.source}:${m.matchId}`}
                match={m}
                name={names.get(m.competitionId) ?? m.competitionId}
              />
            ))}
          </ul>
        </>
      )}

      <h4 className="font-semibold text-fg">{t('admin.sync.live.disagreementsTitle')}</h4>
      {live.disagreements.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('admin.sync.live.disagreementsEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="live-disagreements">
          {live.disagreements.map((d) => (
            <li key={d.fixtureId} className="rounded-xl border border-line bg-surface p-3 text-sm">
              <p className="font-medium text-fg">
                {d.homeTeam} – {d.awayTeam} · {format.date(d.kickoffAt)}
              </p>
              <p className="text-fg-muted">{d.disagreement}</p>
            </li>
          ))}
        </ul>
      )}

      <h4 className="font-semibold text-fg">{t('admin.sync.live.seasonTitle')}</h4>
      <p className="text-sm text-fg-muted">{t('admin.sync.live.seasonIntro')}</p>
      <form
        className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (seasonValid && competitionId !== '') onSyncSeason(competitionId, season.trim());
        }}
      >
        <Field label={t('admin.sync.live.seasonCompetition')}>
          <Select value={competitionId} onChange={(e) => setCompetitionId(e.target.value)}>
            {competitions.map((c) => (
              <option key={c.competitionId} value={c.competitionId}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('admin.sync.live.season')}>
          <Input
            value={season}
            onChange={(e) => setSeason(e.target.value)}
            placeholder="2025-26"
            autoComplete="off"
            data-testid="live-season"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          disabled={!seasonValid || syncing !== null}
          data-testid="live-season-sync"
        >
          {syncing !== null && syncing === competitionId
            ? t('admin.sync.syncing')
            : t('admin.sync.live.syncSeason')}
        </Button>
      </form>
    </section>
  );
};

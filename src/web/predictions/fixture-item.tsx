import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Sparkles, Timer } from 'lucide-react';
import { Badge, type BadgeTone } from '../ui/badge';
import { ClubBadge } from '../ui/club-badge';
import { cn } from '../ui/cn';
import type { FixtureItem as Fixture } from './api';
import { minuteIsValid, type DraftEntry } from './draft';
import { FixtureResult, type EarnedPoints } from './fixture-result';
import { KickoffTime } from './kickoff-time';
import { MinuteField } from './minute-field';
import { OutcomeChoice } from './outcome-choice';
import { translateSlot } from './rounds';

/** The shared column template of the row layout (768 px and wider). */
export const rowColumns = (playing: boolean) =>
  playing
    ? 'md:grid md:grid-cols-[6.75rem_7.5rem_minmax(0,1fr)_minmax(0,1fr)_9.5rem_11.5rem_6.5rem] md:items-center md:gap-3'
    : 'md:grid md:grid-cols-[6.75rem_7.5rem_minmax(0,1fr)_minmax(0,1fr)] md:items-center md:gap-3';

export type FixtureStatus =
  'tbd' | 'started' | 'unsaved' | 'set' | 'none' | 'live' | 'final' | 'postponed' | 'cancelled';

const statusTone: Record<FixtureStatus, BadgeTone> = {
  tbd: 'info',
  started: 'warn',
  unsaved: 'warn',
  set: 'success',
  none: 'neutral',
  live: 'danger',
  final: 'neutral',
  postponed: 'warn',
  cancelled: 'danger',
};

/** The badge of a fixture: what the match is doing once it is not simply open. */
export const fixtureStatus = (
  fixture: Pick<Fixture, 'status' | 'tbd'>,
  locked: boolean,
  pick: 'unsaved' | 'set' | 'none',
): FixtureStatus =>
  fixture.status !== 'scheduled' ? fixture.status : fixture.tbd ? 'tbd' : locked ? 'started' : pick;

interface FixtureItemProps {
  fixture: Fixture;
  locked: boolean;
  status: FixtureStatus;
  /** null: the visitor cannot predict here (signed out or no team); fixtures are shown only. */
  entry: DraftEntry | null;
  hasSaved: boolean;
  jokerAvailable: boolean;
  /** Why the joker cannot go here (said on focus, shown when the joker is pressed anyway). */
  jokerWhy?: string | undefined;
  /** The player's points here, once scored. */
  earned?: EarnedPoints | null;
  /** Set when the player's minute was the first goal's: the moment's id (celebrated). */
  exactId?: string | null;
  /** A change the player made came after kick-off and was dropped. */
  late?: boolean;
  /** The fixture's minute race in the player's league, once it is played (issue 29). */
  raceHref?: string | null;
  onChange: (entry: DraftEntry) => void;
}

/** One fixture: a card on phones, a table row from 768 px (spec §2.11). */
export const FixtureItem = ({
  fixture,
  locked,
  status,
  entry,
  hasSaved,
  jokerAvailable,
  jokerWhy,
  earned = null,
  exactId = null,
  late = false,
  raceHref = null,
  onChange,
}: FixtureItemProps) => {
  const { t } = useTranslation();
  const errorId = useId();
  const whyId = useId();
  const [whyShown, setWhyShown] = useState(false);
  // Shown again only when pressed again after the joker was free meanwhile.
  useEffect(() => {
    if (jokerAvailable) setWhyShown(false);
  }, [jokerAvailable]);
  // A knockout slot ('Group A Winner') is named in the reader's language.
  const [home, away] = [fixture.homeTeam, fixture.awayTeam].map((name) =>
    fixture.tbd ? translateSlot(t, name) : name,
  );
  const match = `${home} v ${away}`;
  const readOnly = locked || fixture.tbd;
  const minuteError = entry && !readOnly && !minuteIsValid(entry.minute);
  const badge =
    !entry && status === 'none' ? null : (
      <Badge tone={statusTone[status]} data-testid="fixture-status">
        {t(`predictions.status.${status}`)}
      </Badge>
    );

  return (
    <li
      data-testid={`fixture-${fixture.id}`}
      data-locked={locked ? 'true' : 'false'}
      className={cn(
        'flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm',
        'md:rounded-none md:border-0 md:border-b md:bg-transparent md:px-3 md:py-3 md:shadow-none',
        rowColumns(entry !== null),
        locked && 'bg-surface-muted md:bg-surface-muted/60',
      )}
    >
      <div className="flex items-start justify-between gap-3 md:contents">
        <span className="flex flex-col gap-0.5 md:contents">
          <KickoffTime fixture={fixture} />
          {fixture.leg ? (
            <span
              className="text-xs font-semibold text-fg-muted md:hidden"
              data-testid="fixture-leg"
            >
              {t(`fixtures.leg.${fixture.leg}`)}
            </span>
          ) : null}
        </span>
        <span className="shrink-0 md:hidden">{badge}</span>
      </div>

      <div className="flex flex-wrap items-center gap-x-2 text-base font-bold text-fg md:contents">
        <span className="inline-flex items-center gap-2 md:flex md:flex-col md:items-start md:gap-1">
          <span className="inline-flex items-center gap-2">
            {fixture.tbd ? null : (
              // Within the name's line height: the card is no taller with it.
              <ClubBadge name={fixture.homeTeam} size="sm" className="-my-0.5" />
            )}
            {home}
          </span>
          <span className="hidden md:inline-flex">{badge}</span>
          {fixture.leg ? (
            <span className="hidden text-xs font-semibold text-fg-muted md:inline">
              {t(`fixtures.leg.${fixture.leg}`)}
            </span>
          ) : null}
        </span>
        <span aria-hidden="true" className="text-sm font-medium text-fg-muted md:hidden">
          v
        </span>
        <span className="sr-only md:hidden">{t('fixtures.versus')}</span>
        <span className="inline-flex items-center gap-2">
          {fixture.tbd ? null : <ClubBadge name={fixture.awayTeam} size="sm" className="-my-0.5" />}
          {away}
        </span>
      </div>

      {/* A match that has started (or whose teams are not known yet) without a pick has nothing
          to change: no empty, disabled controls (a phone's first screen reaches the next match). */}
      {entry && !(readOnly && !hasSaved) ? (
        <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1fr)_11.5rem_auto] md:contents">
          <div className="col-span-2 sm:col-span-1">
            <OutcomeChoice
              label={t('predictions.outcomeFor', { match })}
              value={entry.outcome}
              disabled={readOnly}
              onChange={(outcome) => onChange({ ...entry, outcome })}
            />
          </div>
          <MinuteField
            label={t('predictions.minuteFor', { match })}
            match={match}
            value={entry.minute}
            invalid={Boolean(minuteError)}
            describedBy={minuteError ? errorId : undefined}
            disabled={readOnly}
            onChange={(minute) => onChange({ ...entry, minute })}
          />
          <button
            type="button"
            aria-pressed={entry.joker}
            aria-label={t('predictions.jokerFor', { match })}
            data-testid="joker-toggle"
            disabled={readOnly}
            // Unavailable, it stays focusable: focus says why, pressing it shows why.
            aria-disabled={!readOnly && !jokerAvailable ? true : undefined}
            aria-describedby={!readOnly && !jokerAvailable && jokerWhy ? whyId : undefined}
            onClick={() => {
              if (!jokerAvailable) setWhyShown(true);
              else onChange({ ...entry, joker: !entry.joker });
            }}
            className={cn(
              'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-semibold transition-colors sm:col-span-1',
              'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
              entry.joker
                ? 'border-warn-strong bg-warn-soft text-warn-strong'
                : 'border-line bg-surface text-fg hover:bg-surface-muted',
            )}
          >
            <Sparkles aria-hidden="true" className="size-4" />
            {t('predictions.joker')}
          </button>
        </div>
      ) : null}

      {entry && !readOnly && !jokerAvailable && jokerWhy ? (
        <p
          id={whyId}
          className={whyShown ? 'text-sm text-fg-muted md:col-[3/-1]' : 'sr-only'}
          data-testid="joker-why"
        >
          {jokerWhy}
        </p>
      ) : null}
      {minuteError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger md:col-[3/-1]">
          {t('predictions.minuteError')}
        </p>
      ) : null}
      <FixtureResult fixture={fixture} locked={locked} earned={earned} exactId={exactId} />
      {raceHref && (fixture.status === 'live' || fixture.status === 'final') ? (
        <Link
          to={raceHref}
          className="inline-flex min-h-11 items-center gap-1.5 self-start text-sm font-semibold text-brand-text hover:underline md:col-[3/-1]"
          data-testid="fixture-race-link"
        >
          <Timer aria-hidden="true" className="size-4" />
          {t(fixture.status === 'live' ? 'live.race.follow' : 'live.race.record')}
        </Link>
      ) : null}
      {late ? (
        <p className="text-sm font-medium text-warn-strong md:col-[3/-1]" data-testid="late-change">
          {t('predictions.lateChange')}
        </p>
      ) : locked &&
        entry &&
        !hasSaved &&
        (entry.outcome !== '' || entry.minute !== '') &&
        ['scheduled', 'live'].includes(fixture.status) ? (
        <p className="text-sm text-fg-muted md:col-[3/-1]" data-testid="locked-notice">
          {t('predictions.lockedText')}
        </p>
      ) : null}
    </li>
  );
};

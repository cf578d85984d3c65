import { useTranslation } from 'react-i18next';
import { minuteToBeConfirmed } from '../../domain/result-rules';
import { Badge } from '../ui/badge';
import { Celebration } from '../ui/celebration';
import type { FixtureItem as Fixture } from './api';

export interface EarnedPoints {
  /** Already doubled by the server when the joker was on. */
  points: number;
  joker: boolean;
}

/** '8 pts ×2': the points a pick earned, the joker's doubling visible. */
export const PointsBadge = ({
  earned,
  testId = 'fixture-points',
}: {
  earned: EarnedPoints;
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Badge tone={earned.points > 0 ? 'success' : 'neutral'} data-testid={testId}>
      {t('predictions.pointsShort', { count: earned.points })}
      {earned.joker ? ` ${t('predictions.jokerDouble')}` : null}
    </Badge>
  );
};

interface FixtureResultProps {
  fixture: Fixture;
  locked: boolean;
  /** The player's points on this fixture, once scored. */
  earned: EarnedPoints | null;
  /** The moment's id when the player's minute was the first goal's: celebrated. */
  exactId?: string | null;
}

const score = (fixture: Fixture) =>
  fixture.homeScore === null || fixture.awayScore === null
    ? null
    : `${fixture.homeScore}–${fixture.awayScore}`;

/** The score; its badge (full time, live) says which, screen readers hear 'Score:' first. */
const Score = ({ result }: { result: string }) => {
  const { t } = useTranslation();
  return (
    <span className="text-fg">
      <span className="sr-only">{t('fixtures.result.score')} </span>
      <strong className="text-base tabular-nums" data-testid="fixture-result">
        {result}
      </strong>
    </span>
  );
};

/**
 * What happened to a fixture that has kicked off: the score and first goal of a final one (or
 * that its minute is still to be confirmed) with the player's points, the running score of a
 * live one, or that the result is awaited. Nothing for fixtures still open.
 */
export const FixtureResult = ({ fixture, locked, earned, exactId = null }: FixtureResultProps) => {
  const { t } = useTranslation();
  const result = score(fixture);
  const line = 'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm md:col-[3/-1]';

  if (fixture.status === 'final') {
    const goals = (fixture.homeScore ?? 0) + (fixture.awayScore ?? 0);
    return (
      <p className={line}>
        {result ? <Score result={result} /> : null}
        {minuteToBeConfirmed(fixture) ? (
          <span className="text-fg-muted" data-testid="minute-tbc">
            {t('fixtures.result.minuteToBeConfirmed')}
          </span>
        ) : fixture.firstGoalMinute !== null && goals > 0 ? (
          <span className="text-fg-muted">
            {t('fixtures.result.firstGoal', { minute: fixture.firstGoalMinute })}
          </span>
        ) : null}
        {earned ? <PointsBadge earned={earned} /> : null}
        {exactId ? <Celebration id={exactId} label={t('predictions.exactMinuteHit')} /> : null}
      </p>
    );
  }
  if (fixture.status === 'live') {
    return result ? (
      <p className={line}>
        <Score result={result} />
      </p>
    ) : null;
  }
  if (fixture.status === 'scheduled' && locked) {
    return (
      <p className={line}>
        <span className="text-fg-muted" data-testid="awaiting-result">
          {t('fixtures.result.awaiting')}
        </span>
      </p>
    );
  }
  return null;
};

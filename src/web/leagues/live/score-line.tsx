import { useTranslation } from 'react-i18next';

const homeMark = '\u0001';
const awayMark = '\u0002';

/**
 * 'Hamburger SV 2–0 1. FC Union Berlin' in the viewer's language (`live.score`), the score kept
 * on one line: a narrow screen breaks between the names, never inside '2–0' (issue 54).
 */
export const ScoreLine = ({
  home,
  away,
  homeScore,
  awayScore,
}: {
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
}) => {
  const { t } = useTranslation();
  const marked = t('live.score', { home, away, homeScore: homeMark, awayScore: awayMark });
  const start = marked.indexOf(homeMark);
  const end = marked.indexOf(awayMark);
  if (start < 0 || end < start) return <>{t('live.score', { home, away, homeScore, awayScore })}</>;
  return (
    <>
      {marked.slice(0, start)}
      <span className="whitespace-nowrap tabular-nums" data-testid="score-line-score">
        {homeScore}
        {marked.slice(start + 1, end)}
        {awayScore}
      </span>
      {marked.slice(end + 1)}
    </>
  );
};

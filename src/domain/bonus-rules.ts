// Bonus questions of a league (issue 14), without schemas: the league page reads these (the
// request schemas in bonus.ts need zod, which stays out of the page's download).

/** What a bonus question asks: three about the season, or the admin's own with options. */
export const bonusKinds = ['champion', 'topScorer', 'relegated', 'free'] as const;
export type BonusKind = (typeof bonusKinds)[number];

/** Kinds whose answer is one of the competition's teams (the options are its clubs). */
export const teamKinds: readonly BonusKind[] = ['champion', 'relegated'];

/** Kinds answered with free text (a player's name): settled by the answers given. */
export const typedKinds: readonly BonusKind[] = ['topScorer'];

export const bonusLimits = {
  /** Points a right answer scores (inclusive). */
  points: [1, 20],
  /** A free question's text. */
  prompt: [5, 200],
  /** A free question's options: how many, and each one's length. */
  options: [2, 12],
  option: [1, 60],
  /** A typed answer's length. */
  answer: [2, 60],
  /** Questions of a league and season. */
  perSeason: 30,
  /** Right answers a question may have (several teams go down). */
  correct: 20,
  /** How far ahead a deadline may lie, in days. */
  deadlineDays: 400,
} as const;

export const defaultBonusPoints = 5;

/**
 * The answer as compared: lower case, accents dropped, spacing folded ('Kylian  Mbappé' and
 * 'kylian mbappe' are one answer).
 */
export const answerKey = (answer: string) =>
  answer
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

import type { ClubColours } from '../../domain/club-badge';

/**
 * The club colours the API's answers carried (`clubs`, issue 31 point 18), kept for the page's
 * life: a badge drawn after its answer arrived finds its club here. Clubs never change colour
 * while a page is open, so nothing is ever dropped (a few hundred clubs at most).
 */
const known = new Map<string, ClubColours>();

/** Keeps the colours an answer carries (its `clubs`, when it has them). */
export const rememberClubs = (body: unknown) => {
  if (typeof body !== 'object' || body === null || !('clubs' in body)) return;
  const { clubs } = body as { clubs: unknown };
  if (typeof clubs !== 'object' || clubs === null) return;
  for (const [name, colours] of Object.entries(clubs as Record<string, ClubColours>))
    known.set(name, colours);
};

/** A club's colours, when an answer carried them. */
export const clubColours = (name: string) => known.get(name) ?? null;

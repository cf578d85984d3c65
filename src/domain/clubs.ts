import { z } from 'zod';

/** A club's colours (catalogue/club-colours.json; the badge is domain/club-badge.ts). */
export const clubColoursSchema = z.object({
  colour: z.string().regex(/^#[0-9a-f]{6}$/i),
  alternate: z.string().regex(/^#[0-9a-f]{6}$/i),
  abbreviation: z.string().min(1).max(4),
});

/** What responses that show clubs carry: the colours of the clubs they name (known ones only). */
export const clubsSchema = z.record(z.string(), clubColoursSchema);
export type Clubs = z.infer<typeof clubsSchema>;

/** The catalogue's file. */
export const clubColoursFile = z.object({
  clubs: z.record(z.string(), clubColoursSchema.extend({ source: z.enum(['espn', 'by hand']) })),
});

/**
 * A club's badge of our own (issue 31, point 18): its short name on its colours. Colours are facts
 * kept in the catalogue (catalogue/club-colours.json); a club without them gets a stable colour
 * from its name. The badge's text always reads at 4.5:1 or more against its background, in either
 * theme (the badge carries its own background). Pure, shared by the server and the web app.
 */

/** A club's colours as the catalogue keeps them (domain/clubs.ts validates them). */
export interface ClubColours {
  /** Main colour, `#rrggbb`. */
  colour: string;
  /** Second colour, `#rrggbb` (the text's when it reads well on the main one). */
  alternate: string;
  /** Short name shown on the badge (2–4 characters). */
  abbreviation: string;
}

export interface ClubBadge {
  initials: string;
  background: string;
  text: string;
}

const channel = (hex: string, at: number) => {
  const v = parseInt(hex.slice(at, at + 2), 16) / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance of `#rrggbb`. */
export const luminance = (hex: string) =>
  0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

/** WCAG 2 contrast ratio of two `#rrggbb` colours (1–21). */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** A stable hash of a name (FNV-1a, 32 bits). */
const hash = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

const hslToHex = (h: number, s: number, l: number) => {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
};

/** A colour of the name's own: the same for the same name, deep enough for white text. */
export const colourFromName = (name: string) => hslToHex(hash(name) % 360, 0.55, 0.34);

/** Words that say what kind of club it is, not which: left out of initials. */
const clubWords = new Set(
  'fc afc cf sc ac as ss ssc us cd ud sd rc rcd ca cs gd sv fsv tsg vfb vfl bc cfc acf osc sco es og ogc sbv pec club de del la le da do di e the and'.split(
    ' ',
  ),
);

/** Initials from the name: a tournament's '(ENG)' aside, the first letters of up to three words. */
export const initialsOf = (name: string) => {
  const words = name
    .replace(/\s*\([A-Z]{2,3}\)$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[\s\-./']+/)
    .filter((w) => /\p{L}/u.test(w));
  const named = words.filter((w) => !clubWords.has(w.toLowerCase()));
  const chosen = named.length > 0 ? named : words;
  const [first] = chosen;
  if (!first) return '?';
  const letters = chosen.length === 1 ? first : chosen.map((w) => Array.from(w)[0] ?? '').join('');
  // Three characters at most, counted after upper-casing ('ß' becomes 'SS').
  return Array.from(letters.toUpperCase()).slice(0, 3).join('');
};

const white = '#ffffff';
const black = '#000000';

/** The colour text reads in on `background`: the club's second colour if it reads at 4.5:1. */
export const textOn = (background: string, preferred?: string) => {
  if (preferred && isHex(preferred) && contrast(preferred, background) >= 4.5) return preferred;
  return contrast(white, background) >= contrast(black, background) ? white : black;
};

/** `hex` a shade darker (each channel × `factor`). */
const darker = (hex: string, factor: number) =>
  `#${[1, 3, 5]
    .map((at) =>
      Math.round(parseInt(hex.slice(at, at + 2), 16) * factor)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * A club's colour as its badge's background, with the text colour: its second colour or white
 * where either reads at 4.5:1; a strong colour white nearly reads on (Arsenal's red, 4.0:1) a
 * shade darker until it does, as on the club's own crests; a light one (yellow, white) with
 * black.
 */
const badgeColours = (colour: string, alternate?: string) => {
  const text = textOn(colour, alternate);
  if (text !== black || contrast(white, colour) < 3) return { background: colour, text };
  let background = colour;
  while (contrast(white, background) < 4.5) background = darker(background, 0.96);
  return { background, text: white };
};

/** The badge of a club: its colours when known, else a colour from its name. */
export const clubBadge = (name: string, known?: ClubColours | null): ClubBadge => {
  const colour = known && isHex(known.colour) ? known.colour.toLowerCase() : colourFromName(name);
  return {
    initials: known?.abbreviation ? known.abbreviation.slice(0, 4) : initialsOf(name),
    ...badgeColours(colour, known?.alternate),
  };
};

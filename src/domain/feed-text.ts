import { nameKey, withoutInvisible } from './league-names';

// The text of a league's messages (issue 32), without zod: the server cleans and checks it, the
// browser counts it as the player types and splits it into text, links and mentions to show it.
// Messages are plain text: nothing in them is ever read as HTML.

/** The reactions a message can get, in the order they are shown. */
export const feedEmojis = ['👍', '😂', '😮', '😢', '🔥', '⚽'] as const;
export type FeedEmoji = (typeof feedEmojis)[number];
export const isFeedEmoji = (value: string): value is FeedEmoji =>
  (feedEmojis as readonly string[]).includes(value);

/**
 * 1 to 500 characters as a reader counts them (grapheme clusters: 👨‍👩‍👧 is one), and at most
 * 2,000 UTF-16 code units in all: one grapheme may hold any number of code points (a letter under
 * stacked accents), so the graphemes alone do not bound what is stored and sent (issue 51).
 */
export const messageLimits = { min: 1, max: 500, maxUnits: 2000 } as const;
/** Messages in one page of a feed. */
export const feedPageSize = 50;

let segmenter: Intl.Segmenter | undefined;
export const graphemeCount = (text: string): number => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let n = 0;
  for (const _ of segmenter.segment(text)) n += 1;
  return n;
};

const lineBreaks = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * A message as it is stored: line breaks kept (as \n, at most one empty line in a row), every
 * other control, bidi or zero-width character removed as in names (docs/design.md §2), tabs and runs of
 * spaces made one space, each line and the whole trimmed.
 */
export const cleanMessage = (value: string): string =>
  value
    .replace(lineBreaks, '\n')
    .split('\n')
    .map((line) =>
      withoutInvisible(line.replace(/\t/g, ' '))
        .replace(/[^\S\n]+/g, ' ')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const boundary = /[\s.,;:!?)\]}'"…]/u;
/** '@' starts a mention at the start, after a space or an opening bracket or quote. */
const mentionStart = /[\s(["'“‘]/u;
/** Mentions looked for in one message. */
const mentionsMax = 10;

/**
 * What each `@` of a message could name: the text after it up to every word end within a team
 * name's length, as names are compared (nameKey). The server looks these keys up among the
 * league's teams by index, so a mention costs the same in a league of 10 or of 10,000 teams.
 */
export const mentionCandidates = (text: string, maxLength: number): string[][] => {
  const out: string[][] = [];
  for (let at = text.indexOf('@'); at !== -1 && out.length < mentionsMax;) {
    const before = at === 0 ? ' ' : text.charAt(at - 1);
    if (mentionStart.test(before)) {
      const rest = text.slice(at + 1, at + 2 + maxLength);
      const keys: string[] = [];
      for (let end = 1; end <= Math.min(rest.length, maxLength); end += 1)
        if (end === rest.length || boundary.test(rest.charAt(end))) {
          const key = nameKey(rest.slice(0, end));
          if (key && !keys.includes(key)) keys.push(key);
        }
      if (keys.length > 0) out.push(keys);
    }
    at = text.indexOf('@', at + 1);
  }
  return out;
};

/**
 * The teams a message mentions, given the league's teams found under the candidates' keys: for
 * each `@` the longest name that fits ('@Red Devils' over '@Red'); ids in order, each once.
 */
export const findMentions = (
  text: string,
  maxLength: number,
  teamsByKey: ReadonlyMap<string, string>,
): string[] => {
  const found: string[] = [];
  for (const keys of mentionCandidates(text, maxLength))
    for (const key of [...keys].reverse()) {
      const id = teamsByKey.get(key);
      if (id) {
        if (!found.includes(id)) found.push(id);
        break;
      }
    }
  return found;
};

export type MessageSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; text: string; teamId: string };

const links = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than the address it follows. */
const trailing = /[.,;:!?)\]}'"…]+$/u;

const linkSegments = (text: string): MessageSegment[] => {
  const out: MessageSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(links)) {
    const raw = match[0];
    const address = raw.replace(trailing, '');
    const start = match.index;
    if (address.length < 5) continue;
    let href: string;
    try {
      const url = new URL(/^www\./i.test(address) ? `https://${address}` : address);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    out.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
};

/**
 * A message split for display: web addresses (http, https, www.) become links, `@Name` of a
 * mentioned team a mention, the rest text. The browser renders each as a text node or a
 * plain <a>, never as HTML.
 */
export const messageSegments = (
  text: string,
  mentions: readonly { teamId: string; name: string }[],
): MessageSegment[] => {
  const out: MessageSegment[] = [];
  const sorted = [...mentions].sort((a, b) => b.name.length - a.name.length);
  let plain = '';
  const flush = () => {
    if (plain) out.push(...linkSegments(plain));
    plain = '';
  };
  for (let i = 0; i < text.length;) {
    const char = text.charAt(i);
    if (char === '@' && sorted.length > 0) {
      const rest = text.slice(i + 1);
      const hit = sorted.find(
        (m) =>
          rest.length >= m.name.length && nameKey(rest.slice(0, m.name.length)) === nameKey(m.name),
      );
      if (hit) {
        flush();
        out.push({
          kind: 'mention',
          text: `@${text.slice(i + 1, i + 1 + hit.name.length)}`,
          teamId: hit.teamId,
        });
        i += 1 + hit.name.length;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  flush();
  return out;
};

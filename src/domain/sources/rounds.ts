/**
 * A league's rounds from its list of matches (issue 50): sources such as ESPN list a league's
 * season without matchdays, so they are worked out here — matchdays in which every club plays at
 * most once, numbered in date order, a match moved to another date (a postponement, a cup
 * clash) kept in the round it belongs to. Pure.
 *
 * How: each club's matches in date order give every match two guesses (the home club's n-th
 * match and the away club's); where they agree the guess is almost always right, and those
 * matches date each round (its median day). Matches both guesses agree on and played on their
 * round's date take that round; every other match, the nearest to a round's date first, takes
 * the nearest round in which neither club plays yet (a match played weeks after its round finds
 * both clubs' only gap there); where no round has both clubs free, a chain of matches between two
 * rounds swaps rounds to make room; last, any such chain nearer the other round's date swaps.
 */

import { runSteps, type Steps } from '../steps';

export interface LeagueMatch {
  /** ISO date or instant. */
  kickoffAt: string;
  home: string;
  away: string;
}

const day = 86_400_000;

/** A list with a few of its items moved to random places (a new order to try). */
const jitter = <T>(list: T[], random: () => number): T[] => {
  const out = [...list];
  for (let n = 0; n < Math.max(2, Math.floor(out.length / 20)); n += 1) {
    const from = Math.floor(random() * out.length);
    const to = Math.floor(random() * out.length);
    const [item] = out.splice(from, 1);
    if (item !== undefined) out.splice(to, 0, item);
  }
  return out;
};

/** Each match's round (1-based), in the order given; null when the list is no league. */
export const leagueRounds = (matches: readonly LeagueMatch[]): number[] | null =>
  runSteps(leagueRoundsSteps(matches));

/**
 * `leagueRounds` a step at a time (issue 50: a season of 552 matches takes 20–130 ms of work):
 * it yields after each attempt at placing the matches and after each round of the improving
 * passes, so the server runs it with the event loop free in between.
 */
/** Matches placed away from their round between two yields of an attempt. */
const stepMatches = 20;

export function* leagueRoundsSteps(matches: readonly LeagueMatch[]): Steps<number[] | null> {
  if (matches.length === 0) return [];
  const order = matches
    .map((m, i) => ({ i, t: Date.parse(m.kickoffAt) }))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  const byClub = new Map<string, number[]>();
  for (const { i } of order) {
    const m = matches[i] as LeagueMatch;
    for (const club of [m.home, m.away]) {
      const list = byClub.get(club);
      if (list) list.push(i);
      else byClub.set(club, [i]);
    }
  }
  const rounds = Math.max(...[...byClub.values()].map((list) => list.length));
  if (rounds === 0 || byClub.size < 2) return null;
  const nth = (club: string, i: number) => (byClub.get(club) ?? []).indexOf(i) + 1;

  // Each round's date: the median day of the matches both clubs' counts put in it.
  const agreed = new Map<number, number[]>();
  for (const { i, t } of order) {
    const m = matches[i] as LeagueMatch;
    const k = nth(m.home, i);
    if (k !== nth(m.away, i)) continue;
    const ts = agreed.get(k);
    if (ts) ts.push(t);
    else agreed.set(k, [t]);
  }
  const dates: number[] = [];
  for (let k = 1; k <= rounds; k += 1) {
    const ts = agreed.get(k);
    if (ts && ts.length > 0) dates[k] = ts[Math.floor(ts.length / 2)] as number;
  }
  // A round no match agreed on sits between its neighbours.
  for (let k = 1; k <= rounds; k += 1) {
    if (dates[k] !== undefined) continue;
    const before = [...dates.slice(1, k)].reverse().find((d) => d !== undefined);
    const after = dates.slice(k + 1).find((d) => d !== undefined);
    dates[k] =
      before !== undefined && after !== undefined
        ? (before + after) / 2
        : (before ?? after ?? 0) + (before !== undefined ? 7 * day : -7 * day);
  }

  // The rounds by how near their date is to an instant: worked out once per instant.
  const byNearness = new Map<number, number[]>();
  const nearest = (t: number) => {
    let list = byNearness.get(t);
    if (!list) {
      list = Array.from({ length: rounds }, (_, j) => j + 1).sort(
        (a, b) => Math.abs((dates[a] ?? 0) - t) - Math.abs((dates[b] ?? 0) - t) || a - b,
      );
      byNearness.set(t, list);
    }
    return list;
  };
  /** Who plays in each round: club → the match (its index). */
  const playing = new Map<number, Map<string, number>>();
  /** The matches of each round (their indices), kept with `result`. */
  const inRound = new Map<number, Set<number>>();
  const result: number[] = new Array<number>(matches.length).fill(0);
  const free = (k: number, ...clubs: string[]) => clubs.every((c) => !playing.get(k)?.has(c));
  const place = (i: number, k: number) => {
    const m = matches[i] as LeagueMatch;
    const clubs = playing.get(k) ?? new Map<string, number>();
    clubs.set(m.home, i).set(m.away, i);
    playing.set(k, clubs);
    result[i] = k;
    const members = inRound.get(k) ?? new Set<number>();
    members.add(i);
    inRound.set(k, members);
  };
  const unplace = (i: number) => {
    const m = matches[i] as LeagueMatch;
    const clubs = playing.get(result[i] ?? 0);
    clubs?.delete(m.home);
    clubs?.delete(m.away);
    inRound.get(result[i] ?? 0)?.delete(i);
    result[i] = 0;
  };
  // First every match in the round nearest its date, the nearest first, where both clubs are
  // still free there; the rest (matches played away from their round) wait until every round's
  // own matches are in, and then find the rounds their clubs have free.
  const gap = (t: number) => Math.abs((dates[nearest(t)[0] ?? 1] ?? 0) - t);
  const byGap = [...order].sort((a, b) => gap(a.t) - gap(b.t) || a.t - b.t || a.i - b.i);
  // An attempt yields every `stepMatches` matches placed (a chain search can be long).
  function* assign(reorder: <T>(list: T[]) => T[]): Steps<boolean> {
    const rest: { i: number; t: number }[] = [];
    for (const { i, t } of reorder([...byGap])) {
      const m = matches[i] as LeagueMatch;
      const k = nearest(t)[0] ?? 1;
      if (free(k, m.home, m.away)) place(i, k);
      else rest.push({ i, t });
    }
    yield;
    let placedHere = 0;
    for (const { i, t } of reorder(rest)) {
      placedHere += 1;
      if (placedHere % stepMatches === 0) yield;
      const m = matches[i] as LeagueMatch;
      const candidates = nearest(t);
      const round = candidates.find((k) => free(k, m.home, m.away));
      if (round !== undefined) {
        place(i, round);
        continue;
      }
      // No round has both clubs free: in rounds a (the home club free) and b (the away club
      // free), the chain of matches alternating between a and b from the away club swaps its two
      // rounds (a Kempe chain), which frees the away club in a unless the chain reaches the home
      // club. The nearest rounds are tried first.
      const homeFree = candidates.filter((k) => free(k, m.home));
      const awayFree = candidates.filter((k) => free(k, m.away));
      /** Frees `club` in round `a` by swapping a and b along its chain, unless it meets `other`. */
      const swapChain = (club: string, other: string, a: number, b: number) => {
        const chain: number[] = [];
        let at = club;
        let round = a;
        for (;;) {
          const next = playing.get(round)?.get(at);
          if (next === undefined || chain.includes(next)) break;
          chain.push(next);
          const n = matches[next] as LeagueMatch;
          at = n.home === at ? n.away : n.home;
          round = round === a ? b : a;
        }
        if (chain.some((c) => [matches[c]?.home, matches[c]?.away].includes(other))) return false;
        const from = chain.map((c) => result[c] ?? 0);
        for (const c of chain) unplace(c);
        chain.forEach((c, j) => place(c, from[j] === a ? b : a));
        return true;
      };
      const placed = homeFree.some((a) =>
        awayFree.some((b) => {
          if (a === b) return false;
          // The away club's chain frees it in a (where the home club is free), or the home
          // club's frees it in b.
          if (swapChain(m.away, m.home, a, b)) {
            place(i, a);
            return true;
          }
          if (swapChain(m.home, m.away, b, a)) {
            place(i, b);
            return true;
          }
          return false;
        }),
      );
      if (!placed) return false;
    }
    return true;
  }
  // Another order when the greedy paints itself into a corner: the same matches, the first
  // ones shuffled (a fixed seed, so the same list always gives the same rounds).
  let seed = 20_260_801;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let assigned = false;
  for (let attempt = 0; attempt < 40 && !assigned; attempt += 1) {
    playing.clear();
    inRound.clear();
    result.fill(0);
    assigned = yield* assign(attempt === 0 ? (list) => list : (list) => jitter(list, random));
    yield;
  }
  if (!assigned) return null;
  // Then each pair of rounds swaps the chains of matches between them that sit nearer the other
  // round's date (a chain keeps every club once a round), until none does.
  const times = matches.map((m) => Date.parse(m.kickoffAt));
  const cost = (i: number, k: number) => Math.abs((times[i] ?? 0) - (dates[k] ?? 0));
  for (let pass = 0, improved = true; improved && pass < 5; pass += 1) {
    improved = false;
    for (let a = 1; a <= rounds; a += 1) {
      for (let b = a + 1; b <= rounds; b += 1) {
        const inPair = [...(inRound.get(a) ?? []), ...(inRound.get(b) ?? [])].sort((x, y) => x - y);
        const seen = new Set<number>();
        for (const start of inPair) {
          if (seen.has(start)) continue;
          // The chain: matches of the two rounds joined through their clubs.
          const chain: number[] = [];
          const clubs = [(matches[start] as LeagueMatch).home];
          const reached = new Set<string>(clubs);
          for (let c = 0; c < clubs.length; c += 1)
            for (const i of inPair) {
              const m = matches[i] as LeagueMatch;
              if (seen.has(i) || (m.home !== clubs[c] && m.away !== clubs[c])) continue;
              seen.add(i);
              chain.push(i);
              for (const club of [m.home, m.away])
                if (!reached.has(club)) {
                  reached.add(club);
                  clubs.push(club);
                }
            }
          const delta = chain.reduce(
            (sum, i) => sum + cost(i, result[i] === a ? b : a) - cost(i, result[i] ?? 0),
            0,
          );
          if (delta >= 0) continue;
          const from = chain.map((i) => result[i] ?? 0);
          for (const i of chain) unplace(i);
          chain.forEach((i, j) => place(i, from[j] === a ? b : a));
          improved = true;
        }
      }
      yield;
    }
  }
  return result;
}

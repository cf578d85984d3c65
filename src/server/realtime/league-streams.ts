import type { ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import { readStreams } from '../runtime/metrics';
import type { EventBus, LiveEvent } from './bus';

/**
 * The open event streams (Server-Sent Events) of this process, by league (issue 29). A stream
 * is its Node response and nothing else: one bus subscription, one heartbeat timer and one
 * frame per event and league serve them all, written 250 streams a turn so 10,000 open pages
 * of one league hear a goal without holding the event loop. (One web stream, timer and listener
 * per page held about 80 KB each.)
 */

const heartbeatMs = 25_000;
/** Streams written in one turn of the event loop. */
const slice = 250;
/**
 * A league's streams hear at most one 'feed' signal in this time (issue 51): a burst of posts,
 * edits and reactions is one signal at once and one, the latest version, at the window's end.
 */
const feedEveryMs = 1000;

interface League {
  competitionId: string;
  open: Set<ServerResponse>;
}

/**
 * What a league's pages hear of some events: 'standings' (scored), 'live' (a match moved),
 * 'fixtures' (a fixture's schedule changed).
 */
const framesOf = (leagueId: string, events: readonly LiveEvent[]) => {
  const frames: string[] = [];
  // Events may have been missed: the page refetches all it shows.
  if (events.some((e) => e.type === 'resync')) frames.push(frame('resync', '{}'));
  const scored = events.filter((e) => e.type === 'results' || e.type === 'league');
  if (scored.length > 0)
    frames.push(
      frame(
        'standings',
        JSON.stringify({
          leagueId,
          fixtures: scored.map((e) => ('fixtureId' in e ? e.fixtureId : null)),
        }),
      ),
    );
  // A signal without content: the stream is readable by anyone holding the league's link; the
  // race and the picks come from the members' routes.
  const versions = new Map<string, number>();
  for (const e of events) if (e.type === 'live') versions.set(e.fixtureId, e.version);
  if (versions.size > 0)
    frames.push(
      frame(
        'live',
        JSON.stringify({ fixtures: [...versions].map(([id, version]) => ({ id, version })) }),
      ),
    );
  // A kick-off moved (or a match was postponed, its teams drawn): the boards refetch their
  // fixtures and re-arm their deadlines.
  const moved = events.filter((e) => e.type === 'schedule');
  if (moved.length > 0)
    frames.push(
      frame(
        'fixtures',
        JSON.stringify({ fixtures: [...new Set(moved.flatMap((e) => e.fixtureIds))] }),
      ),
    );
  return frames.join('');
};

const frame = (event: string, data: string) => `event: ${event}\ndata: ${data}\n\n`;

// The feed's signal carries no message: members fetch those from the feed's route.
const feedFrame = (version: number) => frame('feed', JSON.stringify({ version }));

/** A league's window of 'feed' signals: the version held back until it ends (0: none). */
interface FeedWindow {
  timer: NodeJS.Timeout;
  held: number;
}

export class LeagueStreams {
  private readonly leagues = new Map<string, League>();
  private readonly feedWindows = new Map<string, FeedWindow>();
  private pending: LiveEvent[] = [];
  private flushing = false;
  private readonly heartbeat: NodeJS.Timeout;
  private ended = false;
  private readonly unread: () => void;

  constructor(
    bus: EventBus,
    private readonly logger: Logger,
  ) {
    bus.subscribe(
      (event) => {
        this.pending.push(event);
        if (!this.flushing) {
          this.flushing = true;
          // Events of one change arrive together: one frame each league.
          setImmediate(() => void this.flush());
        }
      },
      () => this.endAll(),
    );
    this.heartbeat = setInterval(() => void this.ping(), heartbeatMs);
    this.heartbeat.unref();
    this.unread = readStreams(() => this.size);
  }

  /** How many streams this process holds. */
  get size() {
    let n = 0;
    for (const league of this.leagues.values()) n += league.open.size;
    return n;
  }

  /** Starts a league's stream on this response; `onEnd` runs once when it ends. */
  open(league: { id: string; competitionId: string }, res: ServerResponse, onEnd: () => void) {
    if (this.ended) {
      res.writeHead(503).end();
      onEnd();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // Only the id is kept with the stream, not the league as read.
    const leagueId = league.id;
    res.write(frame('ready', JSON.stringify({ leagueId })));
    const entry = this.leagues.get(leagueId) ?? {
      competitionId: league.competitionId,
      open: new Set(),
    };
    entry.open.add(res);
    this.leagues.set(leagueId, entry);
    res.once('close', () => {
      entry.open.delete(res);
      if (entry.open.size === 0 && this.leagues.get(leagueId) === entry)
        this.leagues.delete(leagueId);
      onEnd();
    });
  }

  private async flush() {
    const events = this.pending;
    this.pending = [];
    try {
      const byLeague = new Map<string, LiveEvent[]>();
      for (const [id, league] of this.leagues)
        for (const event of events)
          if (
            event.type === 'resync' ||
            (event.type === 'league' || event.type === 'feed'
              ? event.leagueId === id
              : event.competitionId === league.competitionId)
          )
            byLeague.set(id, [...(byLeague.get(id) ?? []), event]);
      for (const [id, leagueEvents] of byLeague) {
        const league = this.leagues.get(id);
        if (league)
          await this.write(league.open, framesOf(id, leagueEvents) + this.feed(id, leagueEvents));
      }
    } catch (err) {
      this.logger.warn({ err }, 'live streams: an event could not be written');
    } finally {
      this.flushing = false;
      if (this.pending.length > 0) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  /**
   * The 'feed' frame a league's streams get now for these events: the newest version when no
   * window is open (one opens), else nothing — the window holds it back for its end. Coalesced
   * here, where the streams are, rather than where changes are made: every instance hears every
   * instance's events on the bus, so each stream gets one signal a second however many instances
   * publish, and the pages refetch the feed on each (its version only tells newer from older).
   */
  private feed(leagueId: string, events: readonly LiveEvent[]): string {
    let version = 0;
    for (const e of events) if (e.type === 'feed') version = Math.max(version, e.version);
    if (version === 0) return '';
    const open = this.feedWindows.get(leagueId);
    if (open) {
      open.held = Math.max(open.held, version);
      return '';
    }
    this.openFeedWindow(leagueId);
    return feedFrame(version);
  }

  private openFeedWindow(leagueId: string) {
    const timer = setTimeout(() => void this.endFeedWindow(leagueId), feedEveryMs);
    timer.unref();
    this.feedWindows.set(leagueId, { timer, held: 0 });
  }

  /** A window ends: what it held goes out (the last state is never lost) and opens the next. */
  private async endFeedWindow(leagueId: string) {
    const ended = this.feedWindows.get(leagueId);
    this.feedWindows.delete(leagueId);
    const league = this.leagues.get(leagueId);
    if (!ended || ended.held === 0 || !league || this.ended) return;
    this.openFeedWindow(leagueId);
    try {
      await this.write(league.open, feedFrame(ended.held));
    } catch (err) {
      this.logger.warn({ err }, 'live streams: an event could not be written');
    }
  }

  /** Writes one text to every response given, a slice a turn. */
  private async write(open: Set<ServerResponse>, text: string) {
    let written = 0;
    for (const res of [...open]) {
      if (!res.writableEnded) res.write(text);
      written += 1;
      if (written % slice === 0) await new Promise((r) => setImmediate(r));
    }
  }

  private async ping() {
    for (const league of this.leagues.values()) await this.write(league.open, frame('ping', '{}'));
  }

  private endAll() {
    this.ended = true;
    clearInterval(this.heartbeat);
    for (const window of this.feedWindows.values()) clearTimeout(window.timer);
    this.feedWindows.clear();
    this.unread();
    for (const league of this.leagues.values()) for (const res of league.open) res.end();
  }
}

const registry = new WeakMap<EventBus, LeagueStreams>();

/** The streams of a bus (one per process and bus), made on first use. */
export const leagueStreams = (bus: EventBus, logger: Logger) => {
  let streams = registry.get(bus);
  if (!streams) {
    streams = new LeagueStreams(bus, logger);
    registry.set(bus, streams);
  }
  return streams;
};

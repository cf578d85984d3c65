/**
 * Kick-off instants: local wall-clock times of a competition's country → UTC, the BST/GMT and
 * CET/CEST labels shown beside a time, and the deadline rule. Pure: Intl only.
 */

const minute = 60_000;
const day = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a time zone Intl does not know. */
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const wallClock = (instant: Date, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day: d = 1, hour = 0, minute: m = 0, second = 0 } = parts;
  return { year, month, day: d, hour, minute: m, second };
};

/** Minutes the zone is ahead of UTC at that instant (Europe/London in summer: 60). */
export const utcOffsetMinutes = (instant: Date, timeZone: string): number => {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / minute);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock date ('YYYY-MM-DD') and time ('HH:MM') of an instant in a zone. */
export const zonedDateTime = (instant: Date, timeZone: string) => {
  const w = wallClock(instant, timeZone);
  return {
    date: `${w.year}-${pad(w.month)}-${pad(w.day)}`,
    time: `${pad(w.hour)}:${pad(w.minute)}`,
  };
};

const parseLocal = (date: string, time: string): number => {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new RangeError(`Expected YYYY-MM-DD and HH:MM, got '${date}' '${time}'`);
  const [year, month, dayOfMonth, hour, min] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const local = Date.UTC(year, month - 1, dayOfMonth, hour, min);
  const check = new Date(local);
  if (
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== dayOfMonth ||
    hour > 23 ||
    min > 59
  )
    throw new RangeError(`No such date or time: '${date}' '${time}'`);
  return local;
};

/**
 * The UTC instant of a wall-clock time in an IANA zone. Throws RangeError on a malformed date or
 * time, an impossible date, or an unknown zone. Around clock changes it behaves like Temporal's
 * 'compatible': a repeated time (autumn) is its earlier instant, a skipped time (spring) moves
 * forward by the gap (01:30 on the London spring-forward day → 02:30 BST).
 */
export const zonedLocalToUtc = (date: string, time: string, timeZone: string): Date => {
  const local = parseLocal(date, time);
  formatterFor(timeZone);
  const before = utcOffsetMinutes(new Date(local - day), timeZone);
  const after = utcOffsetMinutes(new Date(local + day), timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => local - offset * minute)
    .filter((t) => utcOffsetMinutes(new Date(t), timeZone) * minute === local - t);
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(local - before * minute);
};

/** An openfootball time: 'HH:MM' (zone implied) or 'HH:MM UTC-6' / 'HH:MM UTC+5:30'. */
export const parseOpenDataTime = (
  value: string,
): { time: string; offsetMinutes: number | null } | null => {
  const match = /^(\d{2}:\d{2})(?:\s+UTC([+-])(\d{1,2})(?::(\d{2}))?)?$/.exec(value.trim());
  if (!match?.[1]) return null;
  if (!match[2]) return { time: match[1], offsetMinutes: null };
  const size = Number(match[3]) * 60 + Number(match[4] ?? 0);
  if (size > 14 * 60) return null;
  return { time: match[1], offsetMinutes: match[2] === '-' ? -size : size };
};

/**
 * The kick-off instant of an openfootball match: an explicit 'UTC±H' wins; otherwise the time
 * is local to `timeZone` (the competition's). Throws RangeError on input it cannot read.
 */
export const openDataKickoff = (date: string, time: string, timeZone: string): Date => {
  const parsed = parseOpenDataTime(time);
  if (!parsed) throw new RangeError(`Unreadable kick-off time '${time}'`);
  if (parsed.offsetMinutes === null) return zonedLocalToUtc(date, parsed.time, timeZone);
  return new Date(parseLocal(date, parsed.time) - parsed.offsetMinutes * minute);
};

/** 'BST' or 'GMT' for UK time at that instant (Intl's short name is 'GMT+1' in most locales). */
export const ukZoneLabel = (instant: Date): 'BST' | 'GMT' =>
  utcOffsetMinutes(instant, 'Europe/London') === 60 ? 'BST' : 'GMT';

/** 'CEST' or 'CET' for Central European time at that instant. */
export const centralEuropeanZoneLabel = (instant: Date): 'CET' | 'CEST' =>
  utcOffsetMinutes(instant, 'Europe/Berlin') === 120 ? 'CEST' : 'CET';

/** A zone's short name at an instant: BST/GMT for the UK, else what Intl calls it ("CEST"). */
export const zoneLabel = (instant: Date, timeZone: string, locale: string): string => {
  if (timeZone === 'Europe/London') return ukZoneLabel(instant);
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
};

/**
 * The Intl locale of an interface language: English dates as the game's home reads them
 * ('Sat 28 Nov', 24-hour), not American ones; the other languages as they are.
 */
export const intlLocale = (language: string) => (language === 'en' ? 'en-GB' : language);

/** A kick-off in one zone as people read it, named: "Sat 15 Aug, 15:00 BST" (year on request). */
export const formatKickoff = (
  instant: Date,
  locale: string,
  timeZone: string,
  options: { year?: boolean } = {},
): string => {
  const text = new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(options.year ? { year: 'numeric' as const } : {}),
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(instant);
  return `${text} ${zoneLabel(instant, timeZone, intlLocale(locale))}`;
};

/**
 * Orders ISO instants (and other machine strings: ids, season labels) by their characters, which
 * for ISO text is time order. Several times faster than localeCompare, whose language-aware
 * collation a season's sort paid for on every render.
 */
export const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

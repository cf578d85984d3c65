import {
  isTimeZone,
  maxImportRows,
  placeholderTime,
  type ImportRow,
  type ParseOutcome,
} from './import';
import { zonedLocalToUtc } from './kickoff';
import { cleanName } from './league-names';
import { runSteps, type Steps } from './steps';

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export const csvRecords = (content: string): CsvRecord[] => runSteps(readCsvRecords(content));

/** `csvRecords`, a step per record. */
function* readCsvRecords(content: string): Steps<CsvRecord[]> {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const text = content.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      records.push({ line: startLine, fields });
      fields = [];
      field = '';
      line += 1;
      startLine = line;
      yield;
    } else field += ch;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: startLine, fields });
  }
  return records.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

const required = ['date', 'time', 'home', 'away', 'round'] as const;

/**
 * CSV with the header `date,time,time_zone,home,away,round` (any order; `time_zone` optional,
 * an empty one means `timeZone`; an empty time means 'to be confirmed', closing at 11:00 local).
 * A row with a bad date, time, zone or a missing team is rejected with the reason; the other
 * rows stand.
 */
export const parseFixtureCsv = (content: string, timeZone: string): ParseOutcome =>
  runSteps(readFixtureCsv(content, timeZone));

/** `parseFixtureCsv`, a step per record read and per row parsed. */
export function* readFixtureCsv(content: string, timeZone: string): Steps<ParseOutcome> {
  const [header, ...records] = yield* readCsvRecords(content);
  if (!header) return { ok: false, error: 'The file is empty.' };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = required.filter((name) => !names.includes(name));
  if (missing.length > 0)
    return {
      ok: false,
      error: `The header must name the columns date,time,time_zone,home,away,round (missing: ${missing.join(', ')}).`,
    };
  if (records.length > maxImportRows)
    return { ok: false, error: `At most ${maxImportRows} rows per file.` };
  const column = (fields: string[], name: string) => {
    const at = names.indexOf(name);
    return at < 0 ? '' : (fields[at] ?? '').trim();
  };
  const parseRow = ({ line, fields }: CsvRecord, index: number): ImportRow => {
    const get = (name: string) => column(fields, name);
    // Team names cleaned like a player's (decision 017), never refused for their script.
    const [homeTeam, awayTeam] = [cleanName(get('home')), cleanName(get('away'))];
    const base = { index, line, round: get('round'), homeTeam, awayTeam };
    const reject = (reason: string): ImportRow => ({ ...base, ok: false, reason });
    const zone = get('time_zone') || timeZone;
    if (!base.homeTeam || !base.awayTeam) return reject('Home and away team are required.');
    if (base.homeTeam.length > 100 || base.awayTeam.length > 100)
      return reject('Team names have at most 100 characters.');
    if (!base.round || base.round.length > 100)
      return reject('A round of 1-100 characters is required.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(get('date')))
      return reject(`Invalid date '${get('date')}' (use YYYY-MM-DD).`);
    const time = get('time');
    if (time !== '' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time))
      return reject(`Invalid time '${get('time')}' (use HH:MM, 00:00-23:59).`);
    if (!isTimeZone(zone))
      return reject(`Unknown time zone '${zone}' (use an IANA name such as Europe/London).`);
    try {
      const kickoffAt = zonedLocalToUtc(get('date'), time || placeholderTime, zone).toISOString();
      return { ...base, ok: true, kickoffAt, timeConfirmed: time !== '', venue: null };
    } catch {
      return reject(`Invalid date '${get('date')}' (use YYYY-MM-DD).`);
    }
  };
  const rows: ImportRow[] = [];
  for (const [index, record] of records.entries()) {
    rows.push(parseRow(record, index));
    yield;
  }
  return { ok: true, rows };
}

// iCalendar (RFC 5545) text: escaped values, lines folded at 75 octets, CRLF line ends.

/** TEXT values: backslash, semicolon, comma and newlines escaped. */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line into pieces of at most 75 octets, never splitting a UTF-8 character. */
export const fold = (line: string) => {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // Continuation lines start with a space, which counts.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += ch;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
};

/** 2031-03-01T15:00:00.000Z → 20310301T150000Z */
export const icsInstant = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export interface IcsEvent {
  uid: string;
  stamp: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  url?: string;
  location?: string | null;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** A reminder this many minutes before the start. */
  alarm?: { minutesBefore: number; text: string };
}

export const buildCalendar = (calendar: {
  name: string;
  description: string;
  events: IcsEvent[];
}) => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//FirstGoal//Fixtures//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${icsInstant(event.stamp)}`,
      `LAST-MODIFIED:${icsInstant(event.stamp)}`,
      `DTSTART:${icsInstant(event.start)}`,
      `DTEND:${icsInstant(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `STATUS:${event.status}`,
      'TRANSP:TRANSPARENT',
    );
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.alarm) {
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `TRIGGER:-PT${event.alarm.minutesBefore}M`,
        `DESCRIPTION:${escapeText(event.alarm.text)}`,
        'END:VALARM',
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
};

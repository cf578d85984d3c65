import { intlLocale } from '../../domain/kickoff';

/**
 * Intl formatters, made once per language and options: building one costs far more than using
 * it (a round's kick-off times built several per fixture and render).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format;
};

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** 'in 5 min.', '2 hr. ago', 'yesterday' in the language given (short style, numeric 'auto'). */
export const relativeTimeFormat = (locale: string) => {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: 'auto', style: 'short' });
    relativeFormats.set(locale, format);
  }
  return format;
};

export const numberFormat = (locale: string) => {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
};

let viewerZone: string | undefined;
/** The device's own time zone (read once). */
export const viewerTimeZone = () => {
  if (viewerZone === undefined) {
    try {
      viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      viewerZone = 'Europe/London';
    }
  }
  return viewerZone;
};

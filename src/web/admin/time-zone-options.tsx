const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/London'];
  }
};

/** Whether the browser knows this IANA zone (the server checks the same way). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Suggestions for a time-zone input: every IANA zone the browser knows. */
export const TimeZoneOptions = ({ id }: { id: string }) => (
  <datalist id={id}>
    {zones().map((zone) => (
      <option key={zone} value={zone} />
    ))}
  </datalist>
);

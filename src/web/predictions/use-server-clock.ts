import { useEffect, useState } from 'react';
import { isLocked } from '../../domain/kickoff';

/**
 * Lock state as the server sees it, kept current while the page stays open: the server's
 * `locked` flag, or its clock (estimated from `serverTime`) having reached kick-off since.
 */
export const useLockCheck = (serverTime: string | undefined, fetchedAt: number) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const offset = serverTime && fetchedAt ? Date.parse(serverTime) - fetchedAt : 0;
  const serverNow = new Date(now + offset);
  return (fixture: { locked: boolean; kickoffAt: string }) =>
    fixture.locked || isLocked(fixture.kickoffAt, serverNow);
};

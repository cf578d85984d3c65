import { useCallback, useState } from 'react';
import type { localKeys } from './local-keys';

type DismissedKey = typeof localKeys.copyBannerDismissed;

const read = (key: DismissedKey): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Things a player said 'No thanks' to (by id), kept in localStorage so a reload does not ask
 * again; sign-out forgets them with the other keys. At most the 50 latest are kept.
 */
export const useDismissed = (key: DismissedKey) => {
  const [ids, setIds] = useState(() => read(key));
  const dismiss = useCallback(
    (id: string) =>
      setIds((previous) => {
        const next = previous.includes(id) ? previous : [...previous, id].slice(-50);
        try {
          localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Storage can be unavailable (private mode): dismissed for this visit only.
        }
        return next;
      }),
    [key],
  );
  return { ids, dismiss };
};

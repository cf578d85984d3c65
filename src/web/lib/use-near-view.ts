import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come near the viewport (once true, stays true): a part further down a
 * page fetches and renders its data only then, so the first paint does not wait on it. Without
 * IntersectionObserver (old browsers, test DOMs) it is near at once.
 */
export const useNearView = <T extends Element>(margin = '400px') => {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
};

import { useState } from 'react';

/** True from the first render in which `wanted` is true on (e.g. to keep a dialog mounted). */
export const useOnceTrue = (wanted: boolean) => {
  const [once, setOnce] = useState(wanted);
  if (wanted && !once) setOnce(true);
  return once || wanted;
};

import { useEffect, useState } from 'react';

/** True once React has hydrated: buttons whose handlers only exist in the browser stay disabled until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

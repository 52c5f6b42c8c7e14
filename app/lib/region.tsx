import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import {
  documentAlternates,
  regionTargetPath,
  parseRegion,
  REGION_COOKIE,
  REGION_STORAGE_KEY,
  regionForPath,
  regionFromPageRegionIds,
  resolveRegion,
  type RegionId,
} from '#shared/regions.ts';
import { shownPathFrom } from './shown-path.ts';

interface RegionState {
  region: RegionId;
  /** what decided it: the route or page ('fixed'), the visitor's cookie ('stored'), or nothing ('default') */
  source: 'fixed' | 'stored' | 'default';
  changeRegion(region: RegionId): void;
}

const RegionContext = createContext<RegionState | null>(null);

function persist(region: RegionId) {
  try {
    window.localStorage.setItem(REGION_STORAGE_KEY, String(region));
  } catch {
    // storage can be unavailable (private mode); the cookie still carries the region
  }
  document.cookie = `${REGION_COOKIE}=${region}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A route's loader may return pageRegionIds (custom pages) to fix the region. */
function pageRegionIdsFrom(matches: ReturnType<typeof useMatches>): number[] | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { pageRegionIds?: number[] } | undefined;
    if (data && Array.isArray(data.pageRegionIds)) return data.pageRegionIds;
  }
  return null;
}

/**
 * The visitor's region: fixed by the route or a page's regionIds when they say so, otherwise the
 * stored choice. Local storage key `region` is the browser's record (spec); a cookie mirrors it so
 * the server renders region-neutral pages with the right navigation.
 */
export function RegionProvider({ initialStored, children }: { initialStored: RegionId | null; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const matches = useMatches();
  const pageRegionIds = pageRegionIdsFrom(matches);
  const [stored, setStored] = useState<RegionId | null>(initialStored);
  // While the selector is taking the visitor to another region's home, that region wins over the
  // route still on screen, and the route-derived region is not written back. The flag is cleared
  // once the location has actually moved: React Router renders the new location in a transition,
  // so clearing it when navigate() settles could briefly re-derive the old route's region.
  const [pending, setPending] = useState<{ region: RegionId; from: string } | null>(null);

  useEffect(() => {
    let fromStorage: RegionId | null;
    try {
      fromStorage = parseRegion(window.localStorage.getItem(REGION_STORAGE_KEY));
    } catch {
      fromStorage = null;
    }
    if (fromStorage && fromStorage !== initialStored) setStored(fromStorage);
  }, [initialStored]);

  useEffect(() => {
    if (pending !== null && location.pathname !== pending.from) setPending(null);
  }, [pending, location.pathname]);

  // a preview resolves the region as the page it previews would (ADR 024)
  const shownPath = shownPathFrom(location.pathname, matches);
  const region =
    pending?.region ??
    resolveRegion({
      pathname: shownPath,
      pageRegionIds,
      stored,
      changeInProgress: pending !== null,
    });

  useEffect(() => {
    if (pending !== null) return;
    if (region !== stored) {
      setStored(region);
      persist(region);
    } else if (typeof document !== 'undefined' && !document.cookie.includes(`${REGION_COOKIE}=${region}`)) {
      persist(region);
    }
  }, [region, stored, pending]);

  const changeRegion = useCallback(
    (next: RegionId) => {
      persist(next);
      setStored(next);
      // the same page in the chosen region where it has one (its hreflang twin), otherwise that region's home
      const target = regionTargetPath(next, documentAlternates(document), window.location.href);
      if (target === location.pathname) return;
      setPending({ region: next, from: location.pathname });
      Promise.resolve(navigate(target)).catch(() => setPending(null));
    },
    [navigate, location.pathname],
  );

  const source: RegionState['source'] =
    pending !== null || regionForPath(shownPath) !== null || regionFromPageRegionIds(pageRegionIds) !== null
      ? 'fixed'
      : stored !== null
        ? 'stored'
        : 'default';
  const value = useMemo(() => ({ region, source, changeRegion }), [region, source, changeRegion]);
  return <RegionContext.Provider value={value}>{children}</RegionContext.Provider>;
}

export function useRegion(): RegionState {
  const ctx = useContext(RegionContext);
  if (!ctx) throw new Error('useRegion must be used inside RegionProvider');
  return ctx;
}

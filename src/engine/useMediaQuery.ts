/**
 * Whether a CSS media query matches now, re-rendering when it changes (window.matchMedia). Known at
 * the first render, so a phone never draws the desktop layout first; false where there is no window.
 * @example const phone = useMediaQuery(PHONE_QUERY);
 */
import { useCallback, useSyncExternalStore } from 'react';

/** Below Chakra's `md` breakpoint (48em = 768 px): lists show cards, line tables stack. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/**
 * On every navigation (spec §2): close the mobile sidebar, scroll to the top, remove stray modal
 * backdrops left behind by a dialog that unmounted mid-animation.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * True when React still renders this node. React tags each DOM node it creates with a
 * `__reactFiber$…` key and drops it when the node is unmounted, so a backdrop without one is an
 * orphan. Removing a node React still owns (a drawer closing with its exit animation) makes React
 * throw `removeChild … not a child of this node` when it later unmounts it.
 */
function ownedByReact(el: Element): boolean {
  return Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
}

/**
 * Removes closed dialog backdrops that no component owns any more, and the legacy `.modal-open`
 * body class. Returns how many nodes it removed.
 */
export function removeStrayBackdrops(doc: Document = document): number {
  const candidates = Array.from(doc.querySelectorAll('[data-scope="dialog"][data-part="backdrop"][data-state="closed"], .modal-backdrop'));
  const stray = candidates.filter((el) => !ownedByReact(el));
  stray.forEach((el) => el.remove());
  doc.body.classList.remove('modal-open');
  return stray.length;
}

export function NavigationEffects({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  useEffect(() => {
    onNavigate();
    window.scrollTo(0, 0);
    removeStrayBackdrops();
  }, [pathname, onNavigate]);
  return null;
}

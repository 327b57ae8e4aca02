/**
 * On every navigation (spec §2): close the mobile sidebar, scroll to the top, remove stray modal
 * backdrops left by a dialog that unmounted mid-animation.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export function removeStrayBackdrops(doc: Document = document): number {
  const stray = Array.from(doc.querySelectorAll('[data-scope="dialog"][data-part="backdrop"][data-state="closed"], .modal-backdrop'));
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

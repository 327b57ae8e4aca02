/**
 * The profile menu in the top bar (spec §2). A cold first screen draws only its trigger, the same
 * button; the menu's code (Chakra/zag Menu, floating-ui, portal, dismissable layer: ≈17 kB as sent,
 * ≈26 ms of main thread at mount) loads when the user reaches for it (pointer over it, focus) and
 * mounts in the trigger's place (ProfileMenuContent.tsx), already open when the user pressed it
 * (click, Enter, Space, ArrowDown) before the code arrived (issue 30).
 * @example <ProfileMenu />
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useSession } from '../../engine/session.ts';
import { deferred } from '../deferred.tsx';
import { ProfileMenuButton } from './ProfileMenuButton.tsx';

// A failed load (offline) is tried again on the next reach (deferred.tsx).
const Content = deferred(() => import('./ProfileMenuContent.tsx').then((m) => m.ProfileMenuContent));

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function ProfileMenu() {
  const user = useSession();
  const [ready, setReady] = useState(Content.isLoaded);
  // What the user asked of the stand-in before the menu's code arrived.
  const [asked, setAsked] = useState<{ open: boolean; byKey: boolean }>({ open: false, byKey: false });
  const [focused, setFocused] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  // A press on the stand-in in progress (pointerdown seen, click not yet): the swap waits for its
  // click. Swapped mid-press, the release lands on the real trigger and the click on their common
  // parent, so neither button saw it and the menu stayed shut (seen in CI: the code arrived between
  // Playwright's pointer move and its press).
  const pressed = useRef(false);
  const settle = () => {
    if (!live.current || pressed.current) return;
    setFocused(document.activeElement === button.current);
    setReady(true);
  };
  const reach = () => {
    if (Content.isLoaded()) return settle();
    Content.preload().then(settle, () => undefined); // offline: the stand-in stays, a later reach tries again
  };
  const press = () => {
    pressed.current = true;
    const release = () => {
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
      // After the click that follows the release: a click on the stand-in has opened the menu by
      // then; a release elsewhere (dragged off) only lets the swap happen.
      setTimeout(() => {
        pressed.current = false;
        if (Content.isLoaded()) settle();
      });
    };
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
  };
  if (ready) return <Content defaultOpen={asked.open} highlightFirst={asked.byKey} focusTrigger={focused} />;
  const open = (byKey: boolean) => {
    // A key's own click (Space's keyup) does not undo its highlight.
    setAsked((a) => (a.open ? a : { open: true, byKey }));
    pressed.current = false;
    reach();
  };
  return (
    <ProfileMenuButton
      ref={button}
      firstName={user?.firstName}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={reach}
      onFocus={reach}
      // As zag's trigger: a press does not move the focus, the click opens.
      onPointerDown={(e: PointerEvent) => {
        if (e.button !== 0 || e.ctrlKey) return;
        e.preventDefault();
        press();
      }}
      onClick={() => open(false)}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        open(true);
      }}
    />
  );
}

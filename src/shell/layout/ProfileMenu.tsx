/**
 * The header's profile menu button (spec §2). The menu itself (src/shell/layout/ProfileMenuLoaded.tsx:
 * Mi Perfil, Empresa, Cerrar Sesión) loads on first use (issue 30): the menu's state machine and
 * floating-ui are ~15 kB br that a cold first screen need not fetch. Until then this draws the
 * same button; pointing at it or focusing it starts the download, and a click opens the menu as
 * soon as it is there (the button keeps the keyboard focus across the swap).
 * @example <ProfileMenu />
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { LuUser } from 'react-icons/lu';
import { useSession } from '../../engine/session.ts';

/** What the menu component takes: open at mount (the click came before the code), focus its button. */
export type LoadedMenuProps = { defaultOpen?: boolean; focusTrigger?: boolean };

let loading: Promise<ComponentType<LoadedMenuProps>> | undefined;
/** The menu's module, asked for once (later calls share the promise). */
function loadMenu(): Promise<ComponentType<LoadedMenuProps>> {
  loading ??= import('./ProfileMenuLoaded.tsx').then((m) => m.ProfileMenuLoaded);
  return loading;
}

/** The button's face, shared by the stand-in and the menu's own trigger: the user's first name (from md up). */
export function ProfileTriggerFace() {
  const user = useSession();
  return (
    <>
      <LuUser aria-hidden /> <Box display={{ base: 'none', md: 'inline' }}>{user?.firstName}</Box>
    </>
  );
}

export function ProfileMenu() {
  const [Loaded, setLoaded] = useState<ComponentType<LoadedMenuProps> | null>(null);
  const [openAsked, setOpenAsked] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const load = () => {
    void loadMenu().then((C) => {
      if (!mounted.current) return;
      setHadFocus(document.activeElement !== null && document.activeElement === standIn.current);
      setLoaded(() => C);
    });
  };
  if (Loaded) return <Loaded defaultOpen={openAsked} focusTrigger={hadFocus} />;
  return (
    <Button
      ref={standIn}
      variant="ghost"
      size="sm"
      aria-label="Menú de perfil"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenAsked(true);
        load();
      }}
    >
      <ProfileTriggerFace />
    </Button>
  );
}

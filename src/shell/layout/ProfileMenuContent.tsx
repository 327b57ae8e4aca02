/**
 * The profile menu itself (spec §2): Mi Perfil, Empresa (SUPERADMIN only) and Cerrar Sesión, which
 * ends the session; the guard then shows `/pages/login`. ProfileMenu.tsx loads and mounts it the
 * first time the user reaches for the trigger (issue 30), then it stays mounted.
 * @param defaultOpen mount already open (the user pressed the stand-in trigger)
 * @param highlightFirst with defaultOpen: the first item highlighted, as a keyboard open does
 * @param focusTrigger focus the trigger once mounted (the stand-in trigger had the focus)
 * @example <ProfileMenuContent defaultOpen highlightFirst={false} focusTrigger={false} />
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Menu, Portal } from '@chakra-ui/react';
import { LuBuilding2, LuLogOut, LuUser } from 'react-icons/lu';
import { can, session, useSession } from '../../engine/session.ts';
import { ProfileMenuButton } from './ProfileMenuButton.tsx';

export interface ProfileMenuContentProps {
  defaultOpen: boolean;
  highlightFirst: boolean;
  focusTrigger: boolean;
}

export function ProfileMenuContent({ defaultOpen, highlightFirst, focusTrigger }: ProfileMenuContentProps) {
  const user = useSession();
  const navigate = useNavigate();
  // Read when Cerrar Sesión is chosen, not from the render that registered the item: a stale path
  // made the guard treat the sign-out as an expired session and keep a returnUrl for the next user.
  const pathname = useRef('');
  pathname.current = useLocation().pathname;
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus({ preventScroll: true });
    // Mount only: the stand-in's focus is handed over once.
  }, []);
  return (
    // `fixed`, like the sticky header it hangs from: with the default `absolute` the open menu moved
    // with the page when it scrolled, off its trigger until the next reposition, and a click that
    // came in that moment pressed on the item and released on the header (nothing chosen).
    <Menu.Root positioning={{ placement: 'bottom-end', strategy: 'fixed' }} defaultOpen={defaultOpen} defaultHighlightedValue={defaultOpen && highlightFirst ? 'profile' : undefined}>
      <Menu.Trigger asChild>
        <ProfileMenuButton ref={trigger} firstName={user?.firstName} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="profile" onSelect={() => navigate('/pages/user')}>
              <LuUser aria-hidden /> Mi Perfil
            </Menu.Item>
            {can(user, 'company', 'update') && (
              <Menu.Item value="company" onSelect={() => navigate('/pages/company')}>
                <LuBuilding2 aria-hidden /> Empresa
              </Menu.Item>
            )}
            <Menu.Separator />
            <Menu.Item
              value="logout"
              // The guard takes a user who chose to leave to /pages/login (no returnUrl).
              onSelect={() => session.signOut({ byUserAt: pathname.current })}
            >
              <LuLogOut aria-hidden /> Cerrar Sesión
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

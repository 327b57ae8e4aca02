/**
 * The profile menu (spec §2): Mi Perfil, Empresa (SUPERADMIN only) and Cerrar Sesión, which ends
 * the session; the guard then shows `/pages/login`. Loaded on first use by ProfileMenu.tsx, which
 * draws the same button until then.
 * @param defaultOpen open at mount (the button was clicked while this loaded)
 * @param focusTrigger focus the button at mount (the stand-in had the focus)
 * @example <ProfileMenuLoaded />
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuBuilding2, LuLogOut, LuUser } from 'react-icons/lu';
import { can, session, useSession } from '../../engine/session.ts';
import { ProfileTriggerFace, type LoadedMenuProps } from './ProfileMenu.tsx';

export function ProfileMenuLoaded({ defaultOpen = false, focusTrigger = false }: LoadedMenuProps) {
  const user = useSession();
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Opening moves the focus into the menu itself; closed, the button keeps the stand-in's focus.
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
    // Mount only: the props say what happened before the swap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const navigate = useNavigate();
  // Read when Cerrar Sesión is chosen, not from the render that registered the item: a stale path
  // made the guard treat the sign-out as an expired session and keep a returnUrl for the next user.
  const pathname = useRef('');
  pathname.current = useLocation().pathname;
  return (
    // `fixed`, like the sticky header it hangs from: with the default `absolute` the open menu moved
    // with the page when it scrolled, off its trigger until the next reposition, and a click that
    // came in that moment pressed on the item and released on the header (nothing chosen).
    <Menu.Root positioning={{ placement: 'bottom-end', strategy: 'fixed' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <Button ref={trigger} variant="ghost" size="sm" aria-label="Menú de perfil">
          <ProfileTriggerFace />
        </Button>
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

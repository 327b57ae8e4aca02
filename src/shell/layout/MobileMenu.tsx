/**
 * The menu drawer below the mobile breakpoint (spec §9): the sidebar's content in a Chakra drawer
 * from the left. AppLayout loads it the first time the drawer opens (issue 30: the drawer's dialog
 * code need not load before a cold first screen), then keeps it mounted.
 * @param open whether the drawer shows; onOpenChange reports Esc, the backdrop and the ✕
 * @param onNavigate called when a menu link is followed (the layout closes the drawer)
 */
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { MenuEntry } from '../../engine/menu.ts';
import { SidebarContent } from './Sidebar.tsx';

export function MobileMenu(p: { open: boolean; onOpenChange: (open: boolean) => void; menu: MenuEntry[]; onNavigate: () => void }) {
  return (
    <Drawer.Root open={p.open} onOpenChange={(e) => p.onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content bg="blue.800" maxW="270px" overflowY="auto" aria-label="Menú">
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" color="white" aria-label="Cerrar menú" />
            </Drawer.CloseTrigger>
            <SidebarContent menu={p.menu} minimized={false} onNavigate={p.onNavigate} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

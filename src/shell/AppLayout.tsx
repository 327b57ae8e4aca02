/**
 * The signed-in frame: sidebar (fixed on desktop, minimisable; a drawer below 991 px), top bar
 * (page title from the route, default 'Inicio'; minimise and mobile menu toggles; profile
 * menu) and the page. On every navigation the drawer closes, the page scrolls to the top and
 * stray modal backdrops go (NavigationEffects).
 */
import { Suspense, useCallback, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Box, Flex, Heading, IconButton, Spinner } from '@chakra-ui/react';
import { LuMenu, LuPanelLeftClose, LuPanelLeftOpen } from 'react-icons/lu';
import { titleFor, useMenu } from '../engine/menu.ts';
import { useSchemas } from '../engine/schema-registry.ts';
import { NavigationEffects } from './ScrollReset.tsx';
import { deferred } from './deferred.tsx';
import { lazyDialog } from '../renderers/LazyDialog.tsx';
import { SidebarContent } from './layout/Sidebar.tsx';
import { ProfileMenu } from './layout/ProfileMenu.tsx';

// Loaded the first time the drawer opens (issue 30; its chunk starts on the button's pointerdown),
// then kept mounted so it closes with its animation (lazyDialog). Deferred, not React.lazy: no
// Suspense throttle (deferred.tsx) between the chunk's arrival and the drawer.
const MobileMenu = lazyDialog(
  deferred(() => import('./layout/MobileMenu.tsx').then((m) => m.MobileMenu)),
  { preloadIdle: false },
);

/** Spec §9: the mobile menu applies below this window width. */
export const MOBILE_BREAKPOINT_PX = 991;
const DESKTOP = `@media screen and (min-width: ${MOBILE_BREAKPOINT_PX}px)`;
const MOBILE = `@media screen and (max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
// Spec §9: a slim scrollbar from 960 px on platforms whose own scrollbars take room (not Apple's).
const SLIM_SCROLLBAR = typeof navigator !== 'undefined' && !/Mac|iPhone|iPad/.test(navigator.userAgent);

export function AppLayout() {
  const { menu } = useMenu();
  // The first screen needs the menu, the schemas and the list renderer: asked for together here
  // (the list renderer by ScreenRouter.tsx as it loads), not one after another as each component
  // mounts (bench:ui counts the rounds in series).
  useSchemas();
  const { pathname } = useLocation();
  const [minimized, setMinimized] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  return (
    <Flex minH="100vh" bg="gray.50">
      <NavigationEffects onNavigate={closeMobile} />
      <Box
        as="aside"
        aria-label="Barra lateral"
        bg="blue.800"
        w={minimized ? '76px' : '250px'}
        flexShrink={0}
        transition="width 300ms ease"
        position="sticky"
        top="0"
        h="100vh"
        overflowY="auto"
        css={{
          [MOBILE]: { display: 'none' },
          ...(SLIM_SCROLLBAR ? { '@media screen and (min-width: 960px)': { scrollbarWidth: 'thin', scrollbarColor: 'rgba(255,255,255,0.3) transparent' } } : {}),
        }}
      >
        <SidebarContent menu={menu} minimized={minimized} />
      </Box>
      <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} menu={menu} onNavigate={closeMobile} />
      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" bg="white" borderBottomWidth="1px" px={{ base: 3, md: 6 }} py="2" align="center" gap="2" position="sticky" top="0" zIndex="docked">
          <IconButton aria-label="Abrir menú" variant="ghost" size="sm" onPointerDown={() => void MobileMenu.preload().catch(() => undefined)} onClick={() => setMobileOpen(true)} css={{ [DESKTOP]: { display: 'none' } }}>
            <LuMenu />
          </IconButton>
          <IconButton
            aria-label={minimized ? 'Expandir menú lateral' : 'Minimizar menú lateral'}
            aria-pressed={minimized}
            variant="ghost"
            size="sm"
            onClick={() => setMinimized((m) => !m)}
            css={{ [MOBILE]: { display: 'none' } }}
          >
            {minimized ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
          </IconButton>
          <Heading as="h1" size="md" flex="1" truncate data-testid="page-title">
            {titleFor(pathname, menu)}
          </Heading>
          <ProfileMenu />
        </Flex>
        <Box as="main" p={{ base: 3, md: 6 }} flex="1" minW="0">
          <Suspense fallback={<Spinner aria-label="Cargando" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}

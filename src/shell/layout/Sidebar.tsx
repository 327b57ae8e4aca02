/**
 * The sidebar (spec §2): product title, the user's firstName and lastName, and the server's menu
 * with an icon per `icontype`, `sub` groups collapsible, children with their abbreviation.
 * Minimised, it keeps icons and abbreviations only.
 * @example <SidebarContent menu={menu} minimized={false} onNavigate={closeDrawer} />
 */
import { useState, type CSSProperties } from 'react';
import { NavLink } from 'react-router-dom';
import { Avatar, Box, Button, Collapsible, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuBox, LuChevronDown, LuLayoutDashboard, LuReceipt, LuSettings, LuUsers, LuFileText, LuShoppingCart, LuCalculator } from 'react-icons/lu';
import type { IconType } from 'react-icons';
import { useSession } from '../../engine/session.ts';
import type { MenuEntry } from '../../engine/menu.ts';

const ICONS: Record<string, IconType> = { dashboard: LuLayoutDashboard, receipt: LuReceipt, settings: LuSettings, apps: LuBox, users: LuUsers, content_paste: LuFileText, shopping: LuShoppingCart, accounting: LuCalculator };

const linkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  padding: '8px 12px',
  borderRadius: 8,
  fontSize: 14,
  color: 'inherit',
  background: isActive ? 'rgba(255,255,255,0.16)' : undefined,
  fontWeight: isActive ? 600 : 400,
});

function SubGroup({ entry, minimized, onNavigate }: { entry: MenuEntry; minimized: boolean; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  const Icon = ICONS[entry.icontype ?? ''] ?? LuBox;
  return (
    <Collapsible.Root open={open || minimized} onOpenChange={(e) => setOpen(e.open)}>
      <Collapsible.Trigger asChild>
        <Button variant="plain" color="inherit" justifyContent="flex-start" w="full" px="3" gap="2.5" fontWeight="normal" aria-label={entry.title} title={entry.title}>
          <Icon aria-hidden />
          {!minimized && (
            <>
              <Box flex="1" textAlign="left">
                {entry.title}
              </Box>
              <Box as="span" transform={open ? undefined : 'rotate(-90deg)'} transition="transform 300ms">
                <LuChevronDown aria-hidden />
              </Box>
            </>
          )}
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Stack gap="0.5" pl={minimized ? 0 : 4}>
          {(entry.children ?? []).map((child) => (
            <NavLink key={child.path} to={`${entry.path}/${child.path}`} style={linkStyle} onClick={onNavigate} title={child.title}>
              <Box as="span" w="6" textAlign="center" fontSize="xs" opacity={0.8} aria-hidden>
                {child.ab}
              </Box>
              {minimized ? <VisuallyHidden>{child.title}</VisuallyHidden> : child.title}
            </NavLink>
          ))}
        </Stack>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

export function SidebarMenu({ menu, minimized, onNavigate }: { menu: MenuEntry[]; minimized: boolean; onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Menú principal" gap="1">
      {menu.map((entry) => {
        if (entry.type === 'sub') return <SubGroup key={entry.collapse ?? entry.path} entry={entry} minimized={minimized} onNavigate={onNavigate} />;
        const Icon = ICONS[entry.icontype ?? ''] ?? LuBox;
        return (
          <NavLink key={entry.path} to={entry.path} style={linkStyle} onClick={onNavigate} title={entry.title} aria-label={entry.title}>
            <Icon aria-hidden /> {!minimized && entry.title}
          </NavLink>
        );
      })}
    </Stack>
  );
}

export function SidebarContent({ menu, minimized, onNavigate }: { menu: MenuEntry[]; minimized: boolean; onNavigate?: () => void }) {
  const user = useSession();
  const name = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  return (
    <Stack gap="5" p={minimized ? 2 : 4} color="white" h="full">
      <Heading size="lg" px="2" letterSpacing="tight" title="Emite">
        {minimized ? 'E' : 'Emite'}
      </Heading>
      <Flex align="center" gap="2" px="2" data-testid="sidebar-user" title={name}>
        <Avatar.Root size="sm" colorPalette="blue" flexShrink={0}>
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Box minW="0" display={minimized ? 'none' : 'block'}>
          <Text fontSize="sm" fontWeight="semibold" truncate>
            {user?.firstName} {user?.lastName}
          </Text>
          <Text fontSize="xs" opacity={0.75} truncate>
            {user?.company.razonSocial}
          </Text>
        </Box>
      </Flex>
      <SidebarMenu menu={menu} minimized={minimized} onNavigate={onNavigate} />
    </Stack>
  );
}

/**
 * The sidebar (spec §2): product title, the user's firstName and lastName, and the server's menu
 * with an icon per `icontype`, `sub` groups collapsible, children with their abbreviation.
 * Minimised, it keeps icons and abbreviations only.
 * @example <SidebarContent menu={menu} minimized={false} onNavigate={closeDrawer} />
 */
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { NavLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, Stack, Text, VisuallyHidden, useSlotRecipe } from '@chakra-ui/react';
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

// The groups and the avatar are plain elements, not Chakra's Collapsible and Avatar: those mount a
// zag machine each and brought zag's runtime (≈10 kB as sent) to every cold first screen (issue 30).
// Same look: the content opens and closes in 200 ms (height and opacity, as the collapsible recipe),
// and once closed it is hidden (visibility), out of the tab order and the accessibility tree.
const groupContent = (open: boolean): CSSProperties => ({
  display: 'grid',
  gridTemplateRows: open ? '1fr' : '0fr',
  opacity: open ? 1 : 0,
  visibility: open ? 'visible' : 'hidden',
  transition: 'grid-template-rows 200ms ease, opacity 200ms ease, visibility 200ms',
});

function SubGroup({ entry, minimized, onNavigate }: { entry: MenuEntry; minimized: boolean; onNavigate?: () => void }) {
  const [open, setOpen] = useState(true);
  const shown = open || minimized;
  const contentId = useId();
  const Icon = ICONS[entry.icontype ?? ''] ?? LuBox;
  return (
    <div>
      <Button
        variant="plain"
        color="inherit"
        justifyContent="flex-start"
        w="full"
        px="3"
        gap="2.5"
        fontWeight="normal"
        aria-label={entry.title}
        title={entry.title}
        aria-expanded={shown}
        aria-controls={contentId}
        data-state={shown ? 'open' : 'closed'}
        // Minimised, the groups show open whatever `open` says (icons and abbreviations only).
        onClick={() => setOpen(!shown)}
      >
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
      <div id={contentId} data-state={shown ? 'open' : 'closed'} style={groupContent(shown)}>
        <Stack gap="0.5" pl={minimized ? 0 : 4} minH="0" overflow="hidden">
          {(entry.children ?? []).map((child) => (
            <NavLink key={child.path} to={`${entry.path}/${child.path}`} style={linkStyle} onClick={onNavigate} title={child.title}>
              <Box as="span" w="6" textAlign="center" fontSize="xs" opacity={0.8} aria-hidden>
                {child.ab}
              </Box>
              {minimized ? <VisuallyHidden>{child.title}</VisuallyHidden> : child.title}
            </NavLink>
          ))}
        </Stack>
      </div>
    </div>
  );
}

/** Initials as Chakra's Avatar.Fallback draws them: first letters of the first and last words. */
function initials(name: string): string {
  const words = name.trim().split(' ');
  const first = words[0] ?? '';
  const last = words.length > 1 ? words[words.length - 1] : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/** Chakra's avatar (size sm, palette blue) with its recipe's styles, without the zag machine. */
function UserAvatar({ name }: { name: string }) {
  const recipe = useSlotRecipe({ key: 'avatar' });
  const styles = useMemo(() => recipe({ size: 'sm' }), [recipe]);
  return (
    <Box css={styles.root} colorPalette="blue" flexShrink={0}>
      <Box as="span" css={styles.fallback}>
        {initials(name)}
      </Box>
    </Box>
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
        <UserAvatar name={name} />
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

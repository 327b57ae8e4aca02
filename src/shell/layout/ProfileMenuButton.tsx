/**
 * The profile menu's trigger button («Menú de perfil»: an icon, and the user's first name from the
 * md breakpoint), drawn alike by the stand-in (ProfileMenu.tsx) and the real menu
 * (ProfileMenuContent.tsx), which passes its trigger props and ref through.
 * @example <ProfileMenuButton firstName="Ana" onClick={open} />
 */
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { LuUser } from 'react-icons/lu';

export const ProfileMenuButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & { firstName?: string }>(function ProfileMenuButton({ firstName, ...rest }, ref) {
  return (
    <Button ref={ref} variant="ghost" size="sm" aria-label="Menú de perfil" {...rest}>
      <LuUser aria-hidden /> <Box display={{ base: 'none', md: 'inline' }}>{firstName}</Box>
    </Button>
  );
});

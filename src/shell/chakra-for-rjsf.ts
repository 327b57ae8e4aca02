/**
 * '@chakra-ui/react' as @rjsf/chakra-ui sees it (vite.config.ts redirects that package's import here):
 * everything Chakra exports, except that `defaultSystem` is Emite's own system. rjsf reads only
 * `defaultSystem.isValidProperty`, which Emite's system has as well; without this the default theme
 * with all ~90 recipes would be bundled for rjsf alone.
 */
export * from '@chakra-ui/react';
export { emiteSystem as defaultSystem } from './chakra-system.ts';

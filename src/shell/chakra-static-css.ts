/**
 * Chakra's global CSS as a stylesheet made at build time (issue 30, the cold first screen).
 *
 * `createSystem` builds three global style objects when the entry is evaluated (the reset, the
 * global rules with the keyframes, and a CSS variable for each of the ~650 tokens, light and dark),
 * and ChakraProvider hands them to emotion's `<Global>`, which serializes and parses them again in
 * the first render: about a quarter of the JavaScript the browser runs before the login page shows.
 * They depend on the theme only, so the build (vite.config.ts, plugin `emite-chakra-static-css`)
 * writes them once into `assets/chakra-<hash>.css`, linked from index.html, and builds the app's
 * Chakra with an empty `_global` (the only reader of it is ChakraProvider's `<Global>`).
 *
 * The text is what emotion itself inserts for those objects: the same serializer and the same
 * stylis plugins as emotion's cache (@emotion/cache in Node returns the rules it would insert).
 * The dev server and the unit tests keep Chakra as it is (the plugin applies to builds only).
 * Runs in Node only, from the vite config.
 */

/** The part of Chakra's `createSystem` source the build replaces, and by what. */
export const CHAKRA_GLOBAL_LINE = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
export const CHAKRA_GLOBAL_EMPTY = 'const _global = [];';

/**
 * Chakra's `createSystem` module with `_global` left empty.
 * @param code the source of `@chakra-ui/react/dist/esm/styled-system/system.js`
 * @throws Error when the line is not there (a Chakra update changed it: revisit this module)
 */
export function withoutRuntimeGlobalCss(code: string): string {
  if (!code.includes(CHAKRA_GLOBAL_LINE)) throw new Error(`chakra-static-css: Chakra's createSystem no longer has «${CHAKRA_GLOBAL_LINE}»`);
  return code.replace(CHAKRA_GLOBAL_LINE, CHAKRA_GLOBAL_EMPTY);
}

/**
 * The CSS ChakraProvider's two `<Global>` elements insert for Emite's system (the layer order,
 * then the reset, global rules and token variables), as one stylesheet.
 * @returns the CSS text (about 60 kB; a few kB compressed)
 */
export async function chakraStaticCss(): Promise<string> {
  const [{ emiteSystem }, { default: createCache }, { serializeStyles }] = await Promise.all([
    import('./chakra-system.ts'),
    import('@emotion/cache'),
    import('@emotion/serialize'),
  ]);
  const cache = createCache({ key: 'css' });
  // What emotion's <Global styles={…}> does with its styles (@emotion/react, Global).
  const rules = (styles: unknown) => cache.insert('', serializeStyles([styles as never], undefined, {}), cache.sheet, false) as unknown as string;
  return [rules(emiteSystem.layers.atRule), rules(emiteSystem._global)].join('\n');
}

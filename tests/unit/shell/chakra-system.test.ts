/**
 * Emite renders with a Chakra system holding only the recipes of the components it uses
 * (src/shell/chakra-system.ts). A component imported anywhere in src/ (or by @chakra-ui/charts,
 * @rjsf/chakra-ui, whose widgets draw the schema forms, or chakra-react-select, the reference picker)
 * whose recipe is missing would render unstyled; this keeps the list complete.
 */
import { describe, expect, it } from 'vitest';
import { defaultSystem } from '@chakra-ui/react';
import { emiteSystem } from '../../../src/shell/chakra-system.ts';
import { recipeKeysFor, sourceFiles } from '../../helpers/chakra-recipe-keys.ts';

const hasRecipe = (sys: typeof defaultSystem, key: string) => sys.isRecipe(key) || sys.isSlotRecipe(key);

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app imports, and not the others', () => {
    const needed = [...recipeKeysFor([...sourceFiles('src'), ...sourceFiles('node_modules/@chakra-ui/charts/dist/esm'), ...sourceFiles('node_modules/@rjsf/chakra-ui/lib'), 'node_modules/chakra-react-select/dist/index.mjs'])]
      .filter((key) => hasRecipe(defaultSystem, key));
    expect(needed).toContain('button');
    expect(needed).toContain('table');
    expect(needed).toContain('select'); // rjsf's select widget
    expect(needed.filter((key) => !hasRecipe(emiteSystem, key))).toEqual([]);
    // What the trim is for: recipes of components Emite does not render stay out.
    for (const unused of ['datePicker', 'colorPicker', 'treeView', 'steps', 'carousel']) expect(hasRecipe(emiteSystem, unused)).toBe(false);
  });

  it('keeps Chakra’s tokens: colours, spacing and the semantic palette resolve as with the default system', () => {
    for (const token of ['colors.blue.600', 'spacing.4', 'colors.fg.muted', 'colors.border', 'radii.l2', 'fontSizes.sm']) {
      expect(emiteSystem.token(token)).toBe(defaultSystem.token(token));
    }
    expect(emiteSystem.isValidProperty('paddingInline')).toBe(true);
  });
});

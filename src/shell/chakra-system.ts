/**
 * The Chakra system the app renders with: Chakra's default tokens, text and layer styles, and only
 * the recipes of the components Emite, its form library (@rjsf/chakra-ui) and its reference picker
 * (chakra-react-select) use. `defaultSystem` carries all ~90 component recipes (114 kB of the
 * first screen's script); the unused ones (date picker, color picker, tree view, steps…) never
 * render here. tests/unit/shell/chakra-system.test.ts
 * fails when a component used by src/ or those libraries (and @chakra-ui/charts) has no recipe
 * below, so a new component cannot render unstyled unnoticed.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, semanticTokens, textStyles, tokens,
  alertSlotRecipe, avatarSlotRecipe, badgeRecipe, buttonRecipe, cardSlotRecipe, checkboxSlotRecipe, checkmarkRecipe, codeRecipe,
  collapsibleSlotRecipe, colorSwatchRecipe, containerRecipe, dataListSlotRecipe, dialogSlotRecipe, drawerSlotRecipe, fieldSlotRecipe,
  fieldsetSlotRecipe, fileUploadSlotRecipe, headingRecipe, iconRecipe, inputAddonRecipe, inputRecipe, linkRecipe, listSlotRecipe,
  menuSlotRecipe, nativeSelectSlotRecipe, numberInputSlotRecipe, progressSlotRecipe, radioGroupSlotRecipe, radiomarkRecipe, separatorRecipe, skeletonRecipe,
  selectSlotRecipe, sliderSlotRecipe, spinnerRecipe, statSlotRecipe, tableSlotRecipe, tabsSlotRecipe, tagSlotRecipe, textareaRecipe, toastSlotRecipe,
} from '@chakra-ui/react/theme';

const emiteTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, checkmark: checkmarkRecipe, code: codeRecipe, colorSwatch: colorSwatchRecipe,
      container: containerRecipe, heading: headingRecipe, icon: iconRecipe, input: inputRecipe, inputAddon: inputAddonRecipe,
      link: linkRecipe, radiomark: radiomarkRecipe, separator: separatorRecipe, skeleton: skeletonRecipe, spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe, avatar: avatarSlotRecipe, card: cardSlotRecipe, checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe, dataList: dataListSlotRecipe, dialog: dialogSlotRecipe, drawer: drawerSlotRecipe,
      field: fieldSlotRecipe, fieldset: fieldsetSlotRecipe, fileUpload: fileUploadSlotRecipe, list: listSlotRecipe, menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe, numberInput: numberInputSlotRecipe, progress: progressSlotRecipe, radioGroup: radioGroupSlotRecipe,
      select: selectSlotRecipe, slider: sliderSlotRecipe, stat: statSlotRecipe,
      table: tableSlotRecipe, tabs: tabsSlotRecipe, tag: tagSlotRecipe, toast: toastSlotRecipe,
    },
  },
});

/** The system given to ChakraProvider (src/shell/App.tsx). */
export const emiteSystem = createSystem(defaultBaseConfig, emiteTheme);

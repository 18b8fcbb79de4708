import { createSystem, defaultConfig, defineConfig, defineRecipe, defineSlotRecipe } from '@chakra-ui/react';

import { scriptFontFamilies } from '@/lib/script-fonts';
import {
  avatarAnatomy,
  checkboxAnatomy,
  dialogAnatomy,
  drawerAnatomy,
  progressAnatomy,
  radioGroupAnatomy,
  sliderAnatomy,
  stepsAnatomy,
  switchAnatomy,
} from '@chakra-ui/react/anatomy';

/**
 * Reelsmith's one visual identity: a violet `brand` palette as the primary colour, softer radii,
 * a tighter heading scale and a dimmed, blurred backdrop behind dialogs and drawers. Chrome stays neutral
 * (the global palette is gray); primary actions are brand by default: solid, subtle and surface buttons,
 * and the selection controls (checkbox, radio, switch, slider, progress, steps) unless a page names another
 * palette (red for deletes, green for success, ...). The contrast of every pairing is WCAG AA:
 * white on brand.solid 5.7:1, brand.fg on white 7.1:1 and on brand.subtle 6.0:1.
 */
const brand = {
  50: { value: '#f5f3ff' },
  100: { value: '#ede9fe' },
  200: { value: '#ddd6fe' },
  300: { value: '#c4b5fd' },
  400: { value: '#a78bfa' },
  500: { value: '#8b5cf6' },
  600: { value: '#7c3aed' },
  700: { value: '#6d28d9' },
  800: { value: '#5b21b6' },
  900: { value: '#4c1d95' },
  950: { value: '#2e1065' },
};

/** Components whose selected or filled state takes the brand palette unless told otherwise. */
const brandRoot = { root: { colorPalette: 'brand' } } as const;

// The bundled script faces (lib/script-fonts.ts) come after the system's own and before the generic family.
const systemFonts = `ui-sans-serif, system-ui, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, ${scriptFontFamilies}, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"`;

const config = defineConfig({
  theme: {
    tokens: {
      colors: { brand },
      fonts: {
        heading: { value: `Inter, ${systemFonts}` },
        body: { value: `Inter, ${systemFonts}` },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's fg.subtle (gray.400) is 2.5:1 on white; text in it must read at AA (4.5:1): gray.500.
        fg: { subtle: { value: '{colors.gray.500}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.200}' },
          subtle: { value: '{colors.brand.100}' },
          emphasized: { value: '{colors.brand.300}' },
          focusRing: { value: '{colors.brand.500}' },
          border: { value: '{colors.brand.500}' },
        },
      },
      // Radii: small controls 4 px, buttons and inputs 8 px, cards and dialogs 12 px.
      radii: {
        l1: { value: '{radii.sm}' },
        l2: { value: '{radii.lg}' },
        l3: { value: '{radii.xl}' },
      },
    },
    // The type scale: Chakra's sizes (xs 12, sm 14, md 16, lg 18, xl 20, 2xl 24, 3xl 30 px), headings bold and tight.
    recipes: {
      heading: defineRecipe({ base: { fontWeight: 'bold', letterSpacing: '-0.015em' } }),
      button: defineRecipe({
        variants: {
          variant: {
            solid: { colorPalette: 'brand' },
            subtle: { colorPalette: 'brand' },
            surface: { colorPalette: 'brand' },
          },
        },
      }),
    },
    slotRecipes: {
      // Dialogs keep a 12 px margin from a phone's edges (full-size ones stay edge to edge).
      dialog: defineSlotRecipe({
        slots: dialogAnatomy.keys(),
        base: { backdrop: { bg: 'blackAlpha.600', backdropFilter: 'blur(3px)' }, positioner: { px: '3' } },
        variants: { size: { full: { positioner: { px: '0' } } } },
      }),
      drawer: defineSlotRecipe({ slots: drawerAnatomy.keys(), base: { backdrop: { bg: 'blackAlpha.600', backdropFilter: 'blur(3px)' } } }),
      avatar: defineSlotRecipe({ slots: avatarAnatomy.keys(), base: brandRoot }),
      checkbox: defineSlotRecipe({ slots: checkboxAnatomy.keys(), base: brandRoot }),
      radioGroup: defineSlotRecipe({ slots: radioGroupAnatomy.keys(), base: brandRoot }),
      switch: defineSlotRecipe({ slots: switchAnatomy.keys(), base: brandRoot }),
      slider: defineSlotRecipe({ slots: sliderAnatomy.keys(), base: brandRoot }),
      progress: defineSlotRecipe({ slots: progressAnatomy.keys(), base: brandRoot }),
      steps: defineSlotRecipe({ slots: stepsAnatomy.keys(), base: brandRoot }),
    },
  },
});

/** The app's styling system: Chakra's defaults with the brand above. */
export const system = createSystem(defaultConfig, config);

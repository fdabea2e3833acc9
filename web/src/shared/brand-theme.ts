import { defineConfig, type SystemConfig } from '@chakra-ui/react';
import { animationStyles, breakpoints, cssVarsPrefix, cssVarsRoot, globalCss, keyframes, layerStyles, textStyles } from '@chakra-ui/react/theme';

type Scale = Record<50 | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900, string>;

const rose: Scale = {
  50: '#fdf2f6',
  100: '#fce7ef',
  200: '#f9cfe0',
  300: '#f4a6c4',
  400: '#ec6f9c',
  500: '#db4477',
  600: '#be2d5c',
  700: '#9d174d',
  800: '#831843',
  900: '#6b1239',
};

const plum: Scale = {
  50: '#fbf5fa',
  100: '#f5e7f2',
  200: '#ebcfe5',
  300: '#d9a8d0',
  400: '#bf78b3',
  500: '#a05293',
  600: '#853f7a',
  700: '#6d3165',
  800: '#582852',
  900: '#431f3f',
};

const tokensOf = (scale: Scale) => Object.fromEntries(Object.entries(scale).map(([step, value]) => [step, { value }]));

/**
 * The semantic names Chakra recipes read through `colorPalette`, so a whole subtree turns
 * rose or plum with one prop. Solid fills use 700 so white text keeps AA contrast.
 */
const paletteOf = (name: string) => ({
  solid: { value: `{colors.${name}.700}` },
  contrast: { value: 'white' },
  fg: { value: `{colors.${name}.700}` },
  muted: { value: `{colors.${name}.100}` },
  subtle: { value: `{colors.${name}.50}` },
  emphasized: { value: `{colors.${name}.200}` },
  focusRing: { value: `{colors.${name}.600}` },
});

/** Brand: deep rose for the clinic, plum for the studio, warm neutrals; used by both systems. */
export const brandConfig = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "Georgia, 'Times New Roman', serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: { brand: tokensOf(rose), studio: tokensOf(plum) },
    },
    semanticTokens: {
      colors: { brand: paletteOf('brand'), studio: paletteOf('studio') },
    },
  },
});

type Theme = NonNullable<SystemConfig['theme']>;
type ThemeParts = Required<Pick<Theme, 'tokens' | 'semanticTokens' | 'recipes' | 'slotRecipes'>>;

/**
 * Chakra's default theme, assembled from its named parts with the tokens and recipes given.
 * Not Chakra's ready-made `defaultThemeConfig`: the console and the public site share this
 * module, and referring to that object would pull every recipe into the visitor's first load.
 */
export const chakraTheme = ({ tokens, semanticTokens, recipes, slotRecipes }: ThemeParts) =>
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: { breakpoints, keyframes, textStyles, layerStyles, animationStyles, tokens, semanticTokens, recipes, slotRecipes },
  });

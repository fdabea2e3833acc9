import { createSystem, type SystemConfig } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import {
  badgeRecipe,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  spinnerRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { brandConfig, chakraTheme } from './brand-theme';

type TokenTree = NonNullable<NonNullable<SystemConfig['theme']>['semanticTokens']>;

/** The colour scales the public pages use: neutrals, red for errors, green for success toasts. */
const PALETTES = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha', 'gray', 'red', 'green'];
/** Chakra's bg/fg/border groups also name warning (orange) and info (blue) shades, unused here. */
const UNUSED_STATUSES = ['warning', 'info'];

const pick = <T extends object>(object: T, keys: string[]): T => Object.fromEntries(Object.entries(object).filter(([k]) => keys.includes(k))) as T;
const omit = <T extends object>(object: T, keys: string[]): T => Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k))) as T;

/** The public site has no dark mode: keep each semantic token's light value only. */
function lightOnly(tree: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (node && typeof node === 'object' && 'value' in node) {
        const value = node.value as unknown;
        const light = value && typeof value === 'object' && '_light' in value ? (value as { _light: unknown })._light : value;
        return [key, { ...node, value: light }];
      }
      return [key, lightOnly(node as TokenTree)];
    }),
  ) as TokenTree;
}

/**
 * The visitor's Chakra system: Chakra's tokens and styles, but only the recipes the public
 * pages use, the colour scales they need, and no dark-mode variants. Building a system is the
 * costliest thing a phone does before the first paint; this one is about a third of the full
 * theme's work and download.
 */
export const publicSystem = createSystem(
  defaultBaseConfig,
  chakraTheme({
    tokens: { ...tokens, colors: pick(tokens.colors, PALETTES) },
    semanticTokens: lightOnly({
      ...semanticTokens,
      colors: {
        ...pick(semanticTokens.colors, PALETTES),
        ...Object.fromEntries((['bg', 'fg', 'border'] as const).map((group) => [group, omit(semanticTokens.colors[group], UNUSED_STATUSES)])),
      },
    }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      toast: toastSlotRecipe,
    },
  }),
  brandConfig,
);

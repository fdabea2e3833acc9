import { createSystem } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { recipes, semanticTokens, slotRecipes, tokens } from '@chakra-ui/react/theme';
import { brandConfig, chakraTheme } from './brand-theme';

/**
 * Chakra's complete theme with our brand: every recipe, colour and dark variant, for the staff
 * console (it arrives with the console's lazy chunk; the public pages use ./public-theme).
 */
export const system = createSystem(defaultBaseConfig, chakraTheme({ tokens, semanticTokens, recipes, slotRecipes }), brandConfig);

import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Brand: deep rose for the clinic, plum for the studio, warm neutrals. */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "Georgia, 'Times New Roman', serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#fdf2f6' },
          100: { value: '#fce7ef' },
          200: { value: '#f9cfe0' },
          300: { value: '#f4a6c4' },
          400: { value: '#ec6f9c' },
          500: { value: '#db4477' },
          600: { value: '#be2d5c' },
          700: { value: '#9d174d' },
          800: { value: '#831843' },
          900: { value: '#6b1239' },
        },
        studio: {
          50: { value: '#faf5ff' },
          100: { value: '#f3e8ff' },
          500: { value: '#8b5cf6' },
          600: { value: '#7c3aed' },
          700: { value: '#6d28d9' },
          800: { value: '#5b21b6' },
          900: { value: '#4c1d95' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);

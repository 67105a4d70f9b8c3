import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Deep teal-blue, light to dark. Shade 8 on white meets WCAG AA for text and buttons. */
const comptoir: MantineColorsTuple = [
  '#e5f5f7',
  '#cbe8ed',
  '#99d0da',
  '#63b6c6',
  '#3aa0b4',
  '#2093a9',
  '#0e8aa2',
  '#00788e',
  '#006a7e',
  '#005466',
];

export const theme = createTheme({
  primaryColor: 'comptoir',
  primaryShade: 8,
  colors: { comptoir },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  cursorType: 'pointer',
});

/** Secondary text one shade darker than Mantine's default, so « dimmed » text meets WCAG AA (4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { comptoir, PRIMARY_SHADE } from './palette.ts';

export const theme = createTheme({
  primaryColor: 'comptoir',
  primaryShade: PRIMARY_SHADE,
  colors: { comptoir },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  focusRing: 'auto',
  cursorType: 'pointer',
  // Whoever asks their system for less motion gets dialogs and menus without animation.
  respectReducedMotion: true,
});

/** Secondary text one shade darker than Mantine's default, so « dimmed » text meets WCAG AA (4.5:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

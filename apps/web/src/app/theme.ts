import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { comptoir, PRIMARY_SHADE } from './palette.ts';

/**
 * A dialog's header is Mantine's `<header>` inside a `<section role="dialog">`: with the role, the
 * section no longer scopes it, so it would be a second « banner » landmark beside the page's own.
 * It is the dialog's title bar, not a landmark.
 */
const DIALOG_HEADER = { header: { role: 'none' } };

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
  components: {
    // Plain objects, not `Modal.extend(…)`: the theme loads first and must not bring the dialogs' code.
    Modal: { defaultProps: { attributes: DIALOG_HEADER } },
    Drawer: { defaultProps: { attributes: DIALOG_HEADER } },
  },
});

/**
 * Secondary text one shade darker than Mantine's default, so « dimmed » text meets WCAG AA (4.5:1);
 * the error red of a refused field's words likewise (Mantine's red.6 on white is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

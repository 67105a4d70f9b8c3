import type { MantineColorsTuple } from '@mantine/core';

/** Deep teal-blue, light to dark. Shade 8 on white meets WCAG AA for text and buttons. */
export const comptoir: MantineColorsTuple = [
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

/** The theme's primary shade: buttons, links, the installed app's title bar. */
export const PRIMARY_SHADE = 8;

/** Mantine's gray.0, the page background of the app (global.css). */
export const PAGE_BACKGROUND = '#f8f9fa';

import { createTheme } from '@mantine/core';

/** The product theme is blue (spec 01 §1). Dense defaults suit an all-day data-entry workstation. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Users who ask their system for less motion get dialogs, menus and notices without animation.
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  fontFamilyMonospace: '"SFMono-Regular", Consolas, "Liberation Mono", "WenQuanYi Micro Hei Mono", monospace',
});

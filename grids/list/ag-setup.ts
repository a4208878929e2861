/**
 * AG Grid set-up for list screens: community modules registered once, and the product theme
 * through the Theming API (blue accent, dense rows for an all-day workstation).
 */
import { AllCommunityModule, ModuleRegistry, themeQuartz } from 'ag-grid-community';

let registered = false;
export function ensureAgGridModules(): void {
  if (registered) return;
  ModuleRegistry.registerModules([AllCommunityModule]);
  registered = true;
}

export const listGridTheme = themeQuartz.withParams({
  accentColor: '#228be6',
  browserColorScheme: 'light',
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f1f3f5',
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  wrapperBorderRadius: 4,
  selectedRowBackgroundColor: 'rgba(34, 139, 230, 0.12)',
});

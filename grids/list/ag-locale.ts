/**
 * AG Grid's own texts (menus, filters, aria labels, paging) in the UI language, from AG Grid's
 * locale module; product texts override them per grid.
 */
import { AG_GRID_LOCALE_CN, AG_GRID_LOCALE_EN } from '@ag-grid-community/locale';

export function agGridLocaleText(language: string, overrides: Record<string, string> = {}): Record<string, string> {
  return { ...(language === 'en_US' ? AG_GRID_LOCALE_EN : AG_GRID_LOCALE_CN), ...overrides };
}

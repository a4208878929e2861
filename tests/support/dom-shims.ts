import { createInstance, type i18n as I18n } from 'i18next';

/**
 * What jsdom lacks and Mantine / AG Grid call: matchMedia, ResizeObserver, scrollIntoView, scrollTo, CSS.escape. Every
 * jsdom test calls `installDomShims()` in its beforeAll (the unit lane shares one module cache
 * across files, so a shim is put in place only where none is yet).
 */
export function installDomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => {};
  // jsdom has no CSS.escape (the read grids find their root by grid id inside a quoted attribute value).
  const css = ((globalThis as { CSS?: Partial<typeof CSS> }).CSS ??= {});
  css.escape ??= (value: string) => value.replace(/["\\]/g, (c) => `\\${c}`);
  // jsdom's own scrollTo only says it is not implemented.
  window.scrollTo = () => {};
}

/** An i18next instance without resources: components under test show their keys (`common:cancel`), not the app's words. */
export function keysOnlyI18n(lng = 'en_US'): I18n {
  const i18n = createInstance();
  void i18n.init({ lng, resources: {} });
  return i18n;
}

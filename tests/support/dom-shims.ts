/**
 * What jsdom lacks and Mantine / AG Grid call: matchMedia, ResizeObserver, scrollIntoView. Every
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
}

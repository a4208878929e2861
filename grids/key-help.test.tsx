// @vitest-environment jsdom
/**
 * The grid's '?' key help (key-help.tsx, help-popover.ts) opened from the keyboard: Escape on its
 * button or in its panel closes it, the focus back on the button and the Escape kept from the page;
 * the focus going on to another control closes it (it stayed on top of the screen before).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../tests/support/dom-shims';
import { KeyHelp } from './key-help';

beforeAll(() => {
  installDomShims();
});
/**
 * The test's own i18next (keys read back as themselves, never suspending): with the unit files
 * sharing their worker's modules, the app's global instance may be there from an earlier file, and
 * its useTranslation would suspend while loading a namespace (the component then renders nothing).
 */
const i18n = createInstance();
void i18n.init({ lng: 'en_US', resources: {}, react: { useSuspense: false } });
afterEach(cleanup);

function setup() {
  const pageKeys = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <div onKeyDown={(e) => pageKeys(e.key)}>
          <button type="button" data-testid="elsewhere">elsewhere</button>
          <KeyHelp />
        </div>
      </MantineProvider>
    </I18nextProvider>,
  );
  const button = screen.getByTestId('grid-key-help');
  const panel = () => screen.queryByTestId('grid-key-help-panel');
  /** Focus on the button, Enter (a button's Enter is its click). */
  const open = () => {
    act(() => button.focus());
    fireEvent.click(button);
    expect(panel()).not.toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  };
  return { button, panel, open, pageKeys, elsewhere: screen.getByTestId('elsewhere') };
}

describe('grid key help opened from the keyboard', () => {
  it('Escape on its button closes it; the focus stays on the button and the page does not see the Escape', async () => {
    const h = setup();
    h.open();
    fireEvent.keyDown(h.button, { key: 'Escape' });
    await waitFor(() => expect(h.panel()).toBeNull());
    expect(document.activeElement).toBe(h.button);
    expect(h.button.getAttribute('aria-expanded')).toBe('false');
    expect(h.pageKeys).not.toHaveBeenCalledWith('Escape');
    // Closed, Escape is the page's again.
    fireEvent.keyDown(h.button, { key: 'Escape' });
    expect(h.pageKeys).toHaveBeenCalledWith('Escape');
    // And it opens again.
    fireEvent.click(h.button);
    expect(h.panel()).not.toBeNull();
  });

  it('Escape inside its panel closes it and puts the focus back on the button', async () => {
    const h = setup();
    h.open();
    const panel = h.panel()!;
    // A click on the panel focuses it: the popover stays.
    act(() => panel.focus());
    expect(h.panel()).not.toBeNull();
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(h.panel()).toBeNull());
    expect(document.activeElement).toBe(h.button);
    expect(h.pageKeys).not.toHaveBeenCalledWith('Escape');
  });

  it('closes when the focus goes on to another control, from the button or from the panel', async () => {
    const h = setup();
    h.open();
    act(() => h.elsewhere.focus());
    await waitFor(() => expect(h.panel()).toBeNull());
    expect(document.activeElement).toBe(h.elsewhere);
    h.open();
    act(() => h.panel()!.focus());
    act(() => h.elsewhere.focus());
    await waitFor(() => expect(h.panel()).toBeNull());
    expect(document.activeElement).toBe(h.elsewhere);
  });
});

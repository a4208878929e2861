/**
 * A button whose work is on its way: it spins and refuses presses, but keeps the keyboard focus.
 * Mantine's `loading` disables the button, and a focused button that becomes disabled drops the
 * focus to <body>: a keyboard user who pressed Enter on Export (Import, Save, OK…) would have to
 * Tab back from the top of the page. So a busy button stays enabled for the focus, says
 * aria-busy / aria-disabled, shows a spinner in place of its icon (as FormSaveButton does) and
 * swallows clicks (a type=submit one does not submit: Enter in its form's fields still does, so
 * the form's submit handler must refuse while busy, as it did with `loading`).
 */
import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';

export type BusyButtonProps = Omit<ButtonProps, 'loading'> & Omit<ComponentPropsWithRef<'button'>, keyof ButtonProps> & { busy?: boolean };

export function BusyButton({ busy, leftSection, onClick, ...rest }: BusyButtonProps) {
  return (
    <Button
      {...rest}
      leftSection={busy ? <Loader size={16} color="currentColor" data-testid="busy-loader" /> : leftSection}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      data-busy={busy || undefined}
      onClick={(e) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick?.(e);
      }}
    />
  );
}

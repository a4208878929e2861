/**
 * The editor dialog of every list screen, around a useEntityForm form:
 * - opening seeds the form with `values` (the record) or the form's empty values (a new record);
 * - Enter (or Ctrl+S, as in the editors) saves and closes; Ctrl+Enter (or the "Save and new" button, with `saveAndNew`) saves and
 *   starts the next new record with the focus back on the first field. An Enter that a field uses
 *   saves nothing: one on a select whose list is open (it takes the highlighted option:
 *   highlightedOption; or, with text typed and nothing highlighted, nothing) or one the field
 *   already handled (enterBelongsToField);
 * - typing in a searchable select highlights its first match, so Enter takes it, as the entry
 *   grids' lookups do (DIALOG_THEME);
 * - Esc, the close button and Cancel close at once when nothing changed, else ask the save tip
 *   (save-tip-dialog.tsx: Yes saves then closes, the default / No closes unchanged / Cancel back to
 *   the form; keys Y, N, Esc);
 * - a refused save stays open with the server's message under its field (which takes the focus) or
 *   above the form; a save the form's own checks refuse puts the focus on the first invalid field;
 * - a closing dialog checks no field: the focus leaving a field as the dialog fades (the focus going
 *   back to the opener) would check it against data the save just changed (a new year's number
 *   'already exists' once the list holds it) and show that message on its way out.
 *
 *   <FormDialog opened={editor.opened} onClose={editor.close} title={…} form={form} values={role ? roleValues(role) : undefined}
 *     recordKey={role?.id} saveAndNew={!role} onSave={(body) => (role ? update.mutateAsync({ id: role.id, body }) : create.mutateAsync(body))} testId="role-dialog">
 *     <TextInput data-autofocus {...form.text('name')} data-testid="role-name" />
 *   </FormDialog>
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, MantineThemeProvider, Modal, Select, Stack, type MantineThemeOverride } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTabDirty } from '../../shell/use-tab-dirty';
import type { EntityForm } from './use-entity-form';
import { BusyButton } from './busy-button';
import { SaveTipDialog } from './save-tip-dialog';
import { useSaveTip } from './use-save-tip';

/** Thrown by an onSave that asked the user something and was cancelled: the dialog stays, silently. */
export class SaveCancelled extends Error {
  constructor() {
    super('save cancelled');
    this.name = 'SaveCancelled';
  }
}

export type SaveMode = 'close' | 'new';

/** What the dialog needs of a useEntityForm form (V: its values, B: the validated body). */
export type DialogForm<V, B> = Pick<EntityForm, 'dirty' | 'serverError' | 'fail'> & {
  values: V;
  empty: () => V;
  reset: (next: V) => void;
  validate: () => B | null;
};

export interface FormDialogProps<V, B> {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  form: DialogForm<V, B>;
  /** The record's values; omitted for a new record (the form's empty values). */
  values?: V;
  /** Re-seeds the form when it changes while open (another record, another tab of the dialog). */
  recordKey?: unknown;
  /** Saves the validated body; a rejection keeps the dialog open and shows the refusal. */
  onSave: (body: B, mode: SaveMode) => Promise<unknown>;
  /** Offer "Save and new" (Ctrl+Enter). */
  saveAndNew?: boolean;
  /** After "Save and new": the values of the next record (default: empty), e.g. the next code. */
  nextValues?: (saved: V) => V;
  /** After "Save and new", e.g. to switch the screen's dialog state from editing to new. */
  onNew?: () => void;
  /** Read-only view: no save buttons, Enter does nothing. */
  readOnly?: boolean;
  size?: string | number;
  submitLabel?: ReactNode;
  /** Buttons on the left of the footer (Copy…). */
  footerLeft?: ReactNode;
  testId?: string;
  /**
   * Another layer is open above the popup (a drawer such as the PDF viewer): Esc is that layer's
   * (Mantine's modal hears Escape on window in the capture phase, before the layer could stop it).
   */
  covered?: boolean;
  children: ReactNode;
}

/**
 * Whether an Enter pressed in the form is the field's and not a save: the field already handled it
 * (a select taking its highlighted option, a picker's own Enter), or it is on a select whose list is
 * open (`aria-expanded`) with something typed in it, also while nothing in the list is highlighted:
 * a save would throw the typed text away. An open list with nothing typed (a multi-select after a
 * pick keeps its list open, its search emptied) leaves Enter to the form.
 */
export function enterBelongsToField(e: { defaultPrevented: boolean; target: EventTarget | null }): boolean {
  if (e.defaultPrevented) return true;
  const field = e.target as Partial<HTMLInputElement> | null;
  if (typeof field?.getAttribute !== 'function' || field.getAttribute('aria-expanded') !== 'true') return false;
  return typeof field.value === 'string' && field.value.trim() !== '';
}

/**
 * The option an open select list shows highlighted (Mantine marks it `data-combobox-selected`), or
 * null. Enter takes this one: Mantine goes by an index of its own, which the list opening on focus
 * resets a moment later, so keys typed at once (a quick typist, keys typed ahead) left the first
 * match highlighted while Enter took nothing.
 */
export function highlightedOption(target: EventTarget | null): HTMLElement | null {
  const field = target as Partial<Element> | null;
  if (typeof field?.getAttribute !== 'function' || field.getAttribute('aria-expanded') !== 'true') return null;
  const listId = field.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  return list?.querySelector<HTMLElement>('[data-combobox-selected]') ?? null;
}

/**
 * The form's selects: typing in a searchable one highlights its first match, so Enter takes it (a
 * code typed whole: its only match). Multi-selects keep Mantine's default: their search empties
 * after each pick, and a first option highlighted again would be ticked by the next Enter.
 */
const DIALOG_THEME: MantineThemeOverride = {
  components: { Select: Select.extend({ defaultProps: { selectFirstOptionOnChange: true } }) },
};

const DIALOG_TRANSITION = { transition: 'fade', duration: 150 } as const;

const focusLater = (root: HTMLElement | null, selector: string, unlessTyped?: { keys: number }) => {
  const mark = unlessTyped?.keys;
  requestAnimationFrame(() => {
    // Keys typed since (on a busy machine the frame comes late): the caret is the user's. The first
    // invalid field then may be another one (the one being typed in is valid already): moving there
    // put "2E02" of a code typed at once after a refused save into the name.
    if (unlessTyped && unlessTyped.keys !== mark) return;
    root?.querySelector<HTMLElement>(selector)?.focus();
  });
};

export function FormDialog<V, B>(props: FormDialogProps<V, B>) {
  const { opened, onClose, title, form, values, recordKey, onSave, saveAndNew, nextValues, onNew, readOnly, size = 'md', submitLabel, footerLeft, testId, covered = false, children } = props;
  const { t } = useTranslation('common');
  const [saving, setSaving] = useState(false);
  const tip = useSaveTip();
  const asking = tip.opened;
  const formRef = useRef<HTMLFormElement>(null);
  // Keys pressed in the form: a refused save's deferred focus gives way to them (focusLater).
  const typed = useRef({ keys: 0 });
  useTabDirty(opened && form.dirty);

  // The form is seeded once per opening and record (recordKey undefined: a new record), before the
  // dialog is drawn: its first frame shows the record, not the values of the last one.
  const seedKey = JSON.stringify(recordKey ?? null);
  const seededFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!opened) {
      seededFor.current = null;
      // Closed from outside while asking: the question goes with the dialog.
      if (tip.opened) tip.dialog.onAnswer('cancel');
      return;
    }
    if (seededFor.current === seedKey) return;
    seededFor.current = seedKey;
    form.reset(values ?? form.empty());
    // The record's values are read when the dialog opens or the record changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, seedKey]);

  const save = async (mode: SaveMode) => {
    if (saving || readOnly) return;
    const body = form.validate();
    if (!body) {
      focusLater(formRef.current, '[aria-invalid="true"]', typed.current);
      return;
    }
    setSaving(true);
    try {
      await onSave(body, mode);
    } catch (err) {
      // The user stepped back from a question the save asked (e.g. tip7): nothing to show.
      if (!(err instanceof SaveCancelled)) {
        form.fail(err);
        // A refusal said under a field (a code taken, a parent that may have no children) takes the
        // caret there, as the form's own checks do; one above the form leaves it where it was.
        focusLater(formRef.current, '[aria-invalid="true"]', typed.current);
      }
      return;
    } finally {
      setSaving(false);
    }
    if (mode === 'close') {
      onClose();
      return;
    }
    // The next record is a new one: onNew may switch the screen's record to none, which must not re-seed.
    seededFor.current = JSON.stringify(null);
    onNew?.();
    form.reset(nextValues ? nextValues(form.values) : form.empty());
    focusLater(formRef.current, '[data-autofocus]');
  };

  // The field that had the focus when the question came up gets it back on "Cancel".
  const focusBeforeAsking = useRef<HTMLElement | null>(null);
  const requestClose = () => {
    if (saving) return;
    if (form.dirty && !readOnly) {
      focusBeforeAsking.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // After this key event: every open modal reads its latest props on Escape (Mantine's window
      // listeners), so a question opened within the same event would see that Escape and close again.
      setTimeout(() => {
        void tip.ask().then((a) => {
          if (a === 'yes') void save('close');
          else if (a === 'no') onClose();
          else {
            // After the form's focus trap comes back on (it focuses its first field when it does).
            const el = focusBeforeAsking.current;
            setTimeout(() => requestAnimationFrame(() => el?.focus()), 30);
          }
        });
      });
    } else onClose();
  };

  return (
    <>
      <Modal opened={opened} onClose={requestClose} title={title} size={size} centered closeOnEscape={!asking && !covered} trapFocus={!asking} returnFocus closeButtonProps={{ 'aria-label': t('close') }}
        // Fades in without sliding: a control clicked as the dialog appears is where it is drawn
        // (Mantine's default slide moved the content ~10 px after it showed; a quick click missed).
        transitionProps={DIALOG_TRANSITION}>
        <form
          ref={formRef}
          noValidate
          data-testid={testId}
          onSubmit={(e) => {
            e.preventDefault();
            void save('close');
          }}
          onBlurCapture={(e) => {
            // Closing: the fields' own blur checks are not run (see above).
            if (!opened) e.stopPropagation();
          }}
          onKeyDownCapture={(e) => {
            typed.current.keys++;
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            const option = highlightedOption(e.target);
            if (!option) return;
            // Taken here, before the select's own handler: the one option, clicked once.
            e.preventDefault();
            e.stopPropagation();
            option.click();
          }}
          onKeyDown={(e) => {
            // Ctrl+S saves as the editors' does (never the browser's "save page").
            if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
              e.preventDefault();
              e.stopPropagation();
              if (!readOnly) void save('close');
              return;
            }
            if (e.key !== 'Enter') return;
            // The browser's implicit submission (Enter in a text field) is what saves: stopped here.
            if (enterBelongsToField(e)) {
              e.preventDefault();
              return;
            }
            if ((e.ctrlKey || e.metaKey) && saveAndNew) {
              e.preventDefault();
              void save('new');
            }
          }}
        >
          <MantineThemeProvider theme={DIALOG_THEME}>
            <Stack gap="sm">
              {form.serverError && (
                <Alert color="red" variant="light" p="xs" role="alert" data-testid="form-error">
                  {form.serverError}
                </Alert>
              )}
              {children}
              <Group justify="space-between" gap="xs" mt="sm">
                <Group gap="xs">{footerLeft}</Group>
                <Group gap="xs">
                  <Button variant="default" onClick={requestClose} data-testid="dialog-cancel">
                    {readOnly ? t('close') : t('cancel')}
                  </Button>
                  {/* Busy, not disabled, while saving: the focus stays on them (busy-button.tsx); save() refuses meanwhile. */}
                  {saveAndNew && !readOnly && (
                    <BusyButton variant="default" onClick={() => void save('new')} busy={saving} title="Ctrl+Enter" aria-keyshortcuts="Control+Enter" data-testid="dialog-save-new">
                      {t('saveAndNew')}
                    </BusyButton>
                  )}
                  {!readOnly && (
                    <BusyButton type="submit" busy={saving} aria-keyshortcuts="Enter" data-testid="dialog-submit">
                      {submitLabel ?? t('save')}
                    </BusyButton>
                  )}
                </Group>
              </Group>
            </Stack>
          </MantineThemeProvider>
        </form>
      </Modal>
      {opened && <SaveTipDialog {...tip.dialog} />}
    </>
  );
}

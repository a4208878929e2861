/**
 * The Save button of an editor page's form (useEntityForm + `saveWith`): type submit, so Enter in a
 * field saves. It is disabled only while there is nothing to save, never because a save is on its
 * way: the browser drops an Enter whose form's default button is disabled (implicit submission), and
 * an Enter with new edits while the last save finishes must save them (`saveWith` queues it). A save
 * on its way shows as a spinner in place of the icon, in the label's colour (white on the enabled
 * button, grey on the disabled one).
 */
import { Button, Loader } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';

export function FormSaveButton({ form, label, testId }: { form: { dirty: boolean; saving: boolean }; label: string; testId: string }) {
  return (
    <Button
      type="submit"
      leftSection={form.saving ? <Loader size={16} color="currentColor" /> : <IconDeviceFloppy size={16} />}
      disabled={!form.dirty}
      aria-busy={form.saving || undefined}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

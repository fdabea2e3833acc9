import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  busy?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** Left of the footer, e.g. a Delete button. */
  extraAction?: ReactNode;
  children: ReactNode;
}

/** A modal form: Enter submits, Escape or Cancel closes. */
export function FormDialog({ open, title, submitLabel, busy, onClose, onSubmit, extraAction, children }: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={submit} noValidate>
                <Stack gap="4">{children}</Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              {extraAction}
              <Button variant="outline" onClick={onClose} ml={extraAction ? 'auto' : undefined}>
                Cancel
              </Button>
              <Button type="submit" form={formId} loading={busy} colorPalette="gray" variant="solid">
                {submitLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, Stack } from '@chakra-ui/react';
import { DialogFrame } from '../../shared/ui/DialogFrame';

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
      <DialogFrame
        title={title}
        closeLabel="Close"
        footer={
          <>
            {extraAction}
            <Button variant="outline" onClick={onClose} ml={extraAction ? 'auto' : undefined}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={busy} colorPalette="gray" variant="solid">
              {submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="4">{children}</Stack>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}

import type { ReactNode } from 'react';
import { Button, Dialog, Text } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** A sentence, or richer content (what changes, from and to). */
  message: ReactNode;
  confirmLabel: string;
  /** Red for an action that destroys (delete, cancel); the page's own colour for one that only changes (a move). */
  destructive?: boolean;
  /** The way back; "Cancel" unless that word is the action itself (cancelling a booking). */
  dismissLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Once it has closed and given the focus back: the moment another dialog may open. */
  onExitComplete?: () => void;
}

/**
 * Asks before an action that cannot be undone (or that changes a booking); the way back comes first so Enter is harmless.
 * Shared by the console and the public manage page (both themes carry the dialog recipe).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = true,
  dismissLabel = 'Cancel',
  busy,
  onConfirm,
  onClose,
  onExitComplete,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && onClose()} onExitComplete={onExitComplete} size="sm">
      <DialogFrame
        title={title}
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              {dismissLabel}
            </Button>
            <Button colorPalette={destructive ? 'red' : undefined} onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        {typeof message === 'string' ? <Text>{message}</Text> : message}
      </DialogFrame>
    </Dialog.Root>
  );
}

import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

interface DialogFrameProps {
  title: string;
  /** The footer's buttons. */
  footer: ReactNode;
  /** Given, a close (×) button with this name in the corner. */
  closeLabel?: string;
  children: ReactNode;
}

/** What goes inside a `Dialog.Root` of the console's forms and of the confirmations: title, body, footer. */
export function DialogFrame({ title, footer, closeLabel, children }: DialogFrameProps) {
  return (
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>{children}</Dialog.Body>
          <Dialog.Footer>{footer}</Dialog.Footer>
          {closeLabel && (
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          )}
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  );
}

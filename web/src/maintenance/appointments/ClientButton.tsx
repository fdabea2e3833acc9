import { Button, type ButtonProps } from '@chakra-ui/react';
import type { Appointment } from '@bb/contracts';
import { clientName } from '../domain/appointments';

/** The client's name in either form of the list: the keyboard's way to open the edit dialog. */
export function ClientButton({
  appointment,
  onOpen,
  ...layout
}: { appointment: Appointment; onOpen: (appointment: Appointment) => void } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      variant="plain"
      p="0"
      h="auto"
      fontWeight="semibold"
      whiteSpace="normal"
      textAlign="start"
      {...layout}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(appointment);
      }}
    >
      {clientName(appointment)}
    </Button>
  );
}

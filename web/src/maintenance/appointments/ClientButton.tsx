import type { ButtonProps } from '@chakra-ui/react';
import type { Appointment } from '@bb/contracts';
import { clientName } from '../domain/appointments';
import { RowOpenButton } from '../ui/RowOpenButton';

/** The client's name in either form of the list: the keyboard's way to open the edit dialog. */
export function ClientButton({
  appointment,
  onOpen,
  ...layout
}: { appointment: Appointment; onOpen: (appointment: Appointment) => void } & Omit<ButtonProps, 'onClick'>) {
  return (
    <RowOpenButton onOpen={() => onOpen(appointment)} {...layout}>
      {clientName(appointment)}
    </RowOpenButton>
  );
}

import { Stack, Table, Text } from '@chakra-ui/react';
import type { Appointment } from '@bb/contracts';
import { serviceNames, type BookableIndex } from '../domain/bookables';
import { formatBookedTime, formatCalendarDate } from '../domain/dates';
import { ClientButton } from './ClientButton';
import { OfferingBadge } from './OfferingBadge';
import { PaymentBadge } from './PaymentBadge';
import { StatusBadge } from './StatusBadge';

/** What either form of the list shows: the appointments, what their ids name, and where a click goes. */
export interface AppointmentListProps {
  appointments: readonly Appointment[];
  index: BookableIndex;
  onSelect: (appointment: Appointment) => void;
  /** The moment the payment badges are read at (an awaited deposit reads expired once its hold has passed). */
  now: Date;
}

/**
 * Newest bookings first; a row (or the client's name, for keyboards) opens the edit dialog.
 * Fixed column widths with wrapping text keep every column, Status included, inside the
 * screen: a long e-mail or a list of services wraps instead of pushing the table wider.
 */
export function AppointmentTable({ appointments, index, onSelect, now }: AppointmentListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root
        size="sm"
        interactive
        tableLayout="fixed"
        w="full"
        css={{ '& th, & td': { whiteSpace: 'normal', overflowWrap: 'anywhere', verticalAlign: 'top' } }}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="18%">Client</Table.ColumnHeader>
            <Table.ColumnHeader w="6.5rem">Offering</Table.ColumnHeader>
            <Table.ColumnHeader w="26%">Contact</Table.ColumnHeader>
            <Table.ColumnHeader w="8.5rem">Date &amp; Time</Table.ColumnHeader>
            <Table.ColumnHeader>Services</Table.ColumnHeader>
            <Table.ColumnHeader w="9rem">Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {appointments.map((a) => (
            <Table.Row key={a.id} onClick={() => onSelect(a)} cursor="pointer" data-appointment-id={a.id}>
              <Table.Cell>
                <ClientButton appointment={a} onOpen={onSelect} />
              </Table.Cell>
              <Table.Cell>
                <OfferingBadge offering={a.offeringType} />
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Text>{a.email}</Text>
                  <Text color="fg.muted">{a.contact}</Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Text>{formatCalendarDate(a.preferredDate)}</Text>
                  <Text color="fg.muted">{formatBookedTime(a.preferredTime)}</Text>
                </Stack>
              </Table.Cell>
              <Table.Cell>{serviceNames(a.treatments, index).join(', ')}</Table.Cell>
              <Table.Cell>
                <Stack gap="1" align="flex-start">
                  <StatusBadge status={a.status} />
                  <PaymentBadge payment={a.payment} now={now} />
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

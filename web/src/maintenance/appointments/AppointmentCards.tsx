import { Box, DataList, Flex, Stack } from '@chakra-ui/react';
import { serviceNames } from '../domain/bookables';
import { formatBookedTime, formatCalendarDate } from '../domain/dates';
import { ClientButton } from './ClientButton';
import { OfferingBadge } from './OfferingBadge';
import type { AppointmentListProps } from './AppointmentTable';
import { PaymentBadge } from './PaymentBadge';
import { StatusBadge } from './StatusBadge';

/** The list on a narrow screen: one card per booking with every column of the table, labelled. */
export function AppointmentCards({ appointments, index, onSelect, now }: AppointmentListProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Appointments">
      {appointments.map((a) => (
        <Box as="li" key={a.id} borderWidth="1px" borderRadius="md" p="3" cursor="pointer" onClick={() => onSelect(a)} data-appointment-id={a.id}>
          <Flex justify="space-between" align="flex-start" gap="2" mb="2">
            <ClientButton appointment={a} onOpen={onSelect} flexShrink={1} minW="0" />
            <Stack flexShrink={1} gap="1" align="flex-end" textAlign="end" minW="0">
              <StatusBadge status={a.status} />
              <PaymentBadge payment={a.payment} now={now} />
            </Stack>
          </Flex>
          <DataList.Root orientation="horizontal" size="sm" gap="1.5" css={{ '& dd': { overflowWrap: 'anywhere', minWidth: 0 } }}>
            <DataList.Item>
              <DataList.ItemLabel minW="6rem">Offering</DataList.ItemLabel>
              <DataList.ItemValue>
                <OfferingBadge offering={a.offeringType} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="6rem">Contact</DataList.ItemLabel>
              <DataList.ItemValue flexDirection="column">
                <span>{a.email}</span>
                <span>{a.contact}</span>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="6rem">Date &amp; Time</DataList.ItemLabel>
              <DataList.ItemValue>
                {formatCalendarDate(a.preferredDate)}, {formatBookedTime(a.preferredTime)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="6rem">Services</DataList.ItemLabel>
              <DataList.ItemValue>{serviceNames(a.treatments, index).join(', ')}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Box>
      ))}
    </Stack>
  );
}

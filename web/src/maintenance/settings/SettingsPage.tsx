import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { OfferingType, Side } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { OFFERING_LABELS } from '../domain/appointments';
import { PageHeader } from '../ui/PageHeader';
import { BookingPolicyCard } from './BookingPolicyCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import { CapacityCard } from './CapacityCard';
import { DateOverridesCard } from './DateOverridesCard';
import { OfficeHoursCard } from './OfficeHoursCard';

/** Settings belong to one side; `both` has none of its own, so the admin picks one first. */
const settingsSide = (offering: OfferingType): Side | null => (offering === 'both' ? null : offering);

export function SettingsPage() {
  const { offering, setOffering } = useOffering();
  const side = settingsSide(offering);
  return (
    <>
      <PageHeader title="Settings" description={side ? `Booking settings of the ${OFFERING_LABELS[side].toLowerCase()}.` : undefined} />
      {side === null ? (
        <Card.Root maxW="lg">
          <Card.Body gap="4">
            <Text>Settings are kept per offering. Choose which one to configure.</Text>
            <HStack>
              <Button onClick={() => setOffering('clinic')}>Clinic</Button>
              <Button onClick={() => setOffering('studio')}>Studio</Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack gap="6" key={side}>
          <CapacityCard side={side} />
          <OfficeHoursCard side={side} />
          <DateOverridesCard side={side} />
          <BookingPolicyCard side={side} />
          <CalendarFeedCard side={side} />
        </Stack>
      )}
    </>
  );
}

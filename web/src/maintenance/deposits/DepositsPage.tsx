import { Stack } from '@chakra-ui/react';
import { useOffering } from '../../shared/offering/OfferingContext';
import { OFFERING_LABELS } from '../domain/appointments';
import { PageHeader } from '../ui/PageHeader';
import { DepositPoliciesCard } from './DepositPoliciesCard';
import { DepositSettingsCard } from './DepositSettingsCard';

/** What bookings of the offering pay ahead: the hold while a visitor pays, the no-show rule, and each item's deposit. */
export function DepositsPage() {
  const { offering: side } = useOffering();
  return (
    <>
      <PageHeader
        title="Deposits"
        description={`What bookings of the ${OFFERING_LABELS[side].toLowerCase()} pay ahead; a booking is confirmed once its deposit is paid.`}
      />
      <Stack gap="6" key={side}>
        <DepositSettingsCard side={side} />
        <DepositPoliciesCard side={side} />
      </Stack>
    </>
  );
}

import { Stack } from '@chakra-ui/react';
import { paymentRoutes } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { useMayCall } from '../auth/access';
import { OFFERING_LABELS } from '../domain/appointments';
import { PageHeader } from '../ui/PageHeader';
import { DepositPoliciesCard } from './DepositPoliciesCard';
import { DepositSettingsCard } from './DepositSettingsCard';
import { PaymentSettingsCard } from './PaymentSettingsCard';

/** What bookings of the offering pay ahead: the hold while a visitor pays, the no-show rule, each item's deposit, and how visitors pay. */
export function DepositsPage() {
  const { offering: side } = useOffering();
  const may = useMayCall();
  return (
    <>
      <PageHeader
        title="Deposits"
        description={`What bookings of the ${OFFERING_LABELS[side].toLowerCase()} pay ahead; a booking is confirmed once its deposit is paid.`}
      />
      <Stack gap="6" key={side}>
        <DepositSettingsCard side={side} />
        <DepositPoliciesCard side={side} />
        {may(paymentRoutes.settings) && <PaymentSettingsCard />}
      </Stack>
    </>
  );
}

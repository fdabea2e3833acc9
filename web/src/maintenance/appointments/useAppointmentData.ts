import { useMemo } from 'react';
import { appointmentRoutes, packageRoutes, treatmentRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { useFetchErrorToast } from '../api';
import { bookableIndex } from '../domain/bookables';
import type { PaymentFilter } from '../domain/deposits';

/**
 * Appointments (those whose deposit is in the `payment` state, when given) with what their ids
 * resolve to: treatments and the unfiltered package list (an appointment keeps its service names
 * whichever side the console is on).
 */
export function useAppointmentData(payment: PaymentFilter = '') {
  const appointments = useRoute(appointmentRoutes.list, { query: { payment } });
  const treatments = useRoute(treatmentRoutes.list);
  const packages = useRoute(packageRoutes.list);
  useFetchErrorToast(appointments.error, 'Failed to fetch appointments');
  const index = useMemo(() => bookableIndex(treatments.data ?? [], packages.data ?? []), [treatments.data, packages.data]);
  return {
    appointments: appointments.data,
    index,
    isLoading: appointments.isLoading || treatments.isLoading || packages.isLoading,
    error: appointments.error,
  };
}

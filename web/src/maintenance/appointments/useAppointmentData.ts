import { useMemo } from 'react';
import type { Appointment, Package, Treatment } from '@bb/contracts';
import { useApi, useFetchErrorToast } from '../api';
import { bookableIndex } from '../domain/bookables';

export const APPOINTMENTS_URL = '/api/appointments';

/**
 * Appointments with what their ids resolve to: treatments and the unfiltered package list
 * (an appointment keeps its service names whichever side the console is on).
 */
export function useAppointmentData() {
  const appointments = useApi<Appointment[]>(APPOINTMENTS_URL);
  const treatments = useApi<Treatment[]>('/api/treatments');
  const packages = useApi<Package[]>('/api/packages');
  useFetchErrorToast(appointments.error, 'Failed to fetch appointments');
  const index = useMemo(() => bookableIndex(treatments.data ?? [], packages.data ?? []), [treatments.data, packages.data]);
  return {
    appointments: appointments.data,
    index,
    isLoading: appointments.isLoading || treatments.isLoading || packages.isLoading,
    error: appointments.error,
  };
}

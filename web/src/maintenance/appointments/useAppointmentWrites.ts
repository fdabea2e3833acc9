import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentRoutes, reportRoutes, scheduleRoutes, type Appointment, type AppointmentUpdate } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routePrefix, routeUrl } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { applyUpdate } from '../domain/appointments';

const KEY = [routeUrl(appointmentRoutes.list)];
// A status change frees or takes capacity, so the public slots and the reports change too.
const AFFECTED = [routeUrl(appointmentRoutes.list), routePrefix(reportRoutes.appointments), routeUrl(scheduleRoutes.availableSlots)];

export type AppointmentDeleteRoute = typeof appointmentRoutes.remove | typeof appointmentRoutes.removeOlder;

type Snapshot = { previous?: Appointment[] };

/** An appointment given to another practitioner (named for the toast). */
export interface ReassignVars {
  id: string;
  practitionerId: string;
  name: string;
}

/**
 * Save and delete change the table at once and put it back if the server refuses; a lapsed
 * session sends the admin to the login screen. Reassigning waits for the server's answer.
 */
export function useAppointmentWrites(deleteRoute: AppointmentDeleteRoute) {
  const client = useQueryClient();
  const expired = useSessionExpiry();

  const snapshot = async (change: (list: Appointment[]) => Appointment[]): Promise<Snapshot> => {
    await client.cancelQueries({ queryKey: KEY });
    const previous = client.getQueryData<Appointment[]>(KEY);
    if (previous) client.setQueryData(KEY, change(previous));
    return { previous };
  };
  const rollback = (ctx: Snapshot | undefined) => {
    if (ctx?.previous) client.setQueryData(KEY, ctx.previous);
  };

  const update = useMutation({
    mutationFn: ({ id, change }: { id: string; change: AppointmentUpdate }) => callRoute(appointmentRoutes.update, { params: { id }, body: change }),
    onMutate: ({ id, change }) => snapshot((list) => applyUpdate(list, id, change)),
    onError: (error, _vars, ctx) => {
      rollback(ctx);
      if (!expired(error)) toast.error('Error', serverMessage(error) ?? 'Failed to update appointment');
    },
    onSuccess: () => toast.success('Appointment updated successfully'),
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  const remove = useMutation({
    mutationFn: (id: string) => callRoute(deleteRoute, { params: { id } }),
    onMutate: (id) => snapshot((list) => list.filter((a) => a.id !== id)),
    onError: (error, _id, ctx) => {
      rollback(ctx);
      if (!expired(error)) toast.error('Error', serverMessage(error) ?? 'Failed to delete appointment');
    },
    onSuccess: () => toast.success('Appointment deleted successfully'),
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  // No optimistic change: the server decides whether the person is free, and the calendar moves the card once it said yes.
  const reassign = useMutation({
    mutationFn: ({ id, practitionerId }: ReassignVars) => callRoute(appointmentRoutes.reassign, { params: { id }, body: { practitionerId } }),
    onError: (error) => {
      if (!expired(error)) toast.error('Failed to reassign appointment', serverMessage(error));
    },
    onSuccess: (_saved, { name }) => toast.success(`Appointment reassigned to ${name}`),
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  return { update, remove, reassign };
}

import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { appointmentRoutes, reportRoutes, scheduleRoutes, type Appointment, type AppointmentUpdate, type Attendance } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routePrefix, routeUrl } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { applyUpdate } from '../domain/appointments';

const LIST = routeUrl(appointmentRoutes.list);
/** The cached lists: all appointments, and those of each payment filter (`?payment=`). */
const lists = { predicate: ({ queryKey: [url] }: { queryKey: QueryKey }) => url === LIST || (typeof url === 'string' && url.startsWith(`${LIST}?`)) };
// A status change frees or takes capacity, so the public slots and the reports change too.
const AFFECTED = [LIST, routePrefix(reportRoutes.appointments), routeUrl(scheduleRoutes.availableSlots)];

export type AppointmentDeleteRoute = typeof appointmentRoutes.remove | typeof appointmentRoutes.removeOlder;

type Snapshot = { previous: [QueryKey, Appointment[] | undefined][] };

/** An appointment given to another practitioner (named for the toast). */
export interface ReassignVars {
  id: string;
  practitionerId: string;
  name: string;
}

/**
 * Save and delete change the table at once and put it back if the server refuses; a lapsed
 * session sends the admin to the login screen. Reassigning and attendance wait for the server's answer.
 */
export function useAppointmentWrites(deleteRoute: AppointmentDeleteRoute) {
  const client = useQueryClient();
  const expired = useSessionExpiry();

  const snapshot = async (change: (list: Appointment[]) => Appointment[]): Promise<Snapshot> => {
    await client.cancelQueries(lists);
    const previous = client.getQueriesData<Appointment[]>(lists);
    client.setQueriesData<Appointment[]>(lists, (list) => list && change(list));
    return { previous };
  };
  const rollback = (ctx: Snapshot | undefined) => {
    for (const [key, list] of ctx?.previous ?? []) client.setQueryData(key, list);
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

  // Not optimistic either: booking decides (started, not cancelled, paid), and its answer is the appointment as it stands.
  const attendance = useMutation({
    mutationFn: ({ id, value }: { id: string; value: Attendance | null }) =>
      callRoute(appointmentRoutes.attendance, { params: { id }, body: { attendance: value } }),
    onSuccess: (saved) => {
      client.setQueriesData<Appointment[]>(lists, (list) => list?.map((a) => (a.id === saved.id ? saved : a)));
      toast.success('Attendance saved');
    },
    onError: (error) => {
      if (!expired(error)) toast.error('Failed to save attendance', serverMessage(error));
    },
    onSettled: () => invalidatePaths(client, [LIST]),
  });

  return { update, remove, reassign, attendance };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment, AppointmentUpdate } from '@bb/contracts';
import { apiJson, serverMessage } from '../../shared/api/request';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { applyUpdate } from '../domain/appointments';
import { APPOINTMENTS_URL } from './useAppointmentData';

const KEY = [APPOINTMENTS_URL];
// A status change frees or takes capacity, so the public slots and the reports change too.
const AFFECTED = [APPOINTMENTS_URL, '/api/reports', '/api/available-slots'];

type Snapshot = { previous?: Appointment[] };

/**
 * Save and delete change the table at once and put it back if the server refuses; a lapsed
 * session sends the admin to the login screen.
 */
export function useAppointmentWrites(deletePath: string) {
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
    mutationFn: ({ id, change }: { id: string; change: AppointmentUpdate }) => apiJson<Appointment>('PATCH', `${APPOINTMENTS_URL}/${id}`, change),
    onMutate: ({ id, change }) => snapshot((list) => applyUpdate(list, id, change)),
    onError: (error, _vars, ctx) => {
      rollback(ctx);
      if (!expired(error)) toast.error('Error', serverMessage(error) ?? 'Failed to update appointment');
    },
    onSuccess: () => toast.success('Appointment updated successfully'),
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiJson('DELETE', `${deletePath}/${id}`),
    onMutate: (id) => snapshot((list) => list.filter((a) => a.id !== id)),
    onError: (error, _id, ctx) => {
      rollback(ctx);
      if (!expired(error)) toast.error('Error', serverMessage(error) ?? 'Failed to delete appointment');
    },
    onSuccess: () => toast.success('Appointment deleted successfully'),
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  return { update, remove };
}

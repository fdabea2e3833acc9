import type { Appointment, AppointmentStatus, OfferingType } from '@bb/contracts';
import { errorStatus } from '../../shared/api/request';

export const STATUS_LABELS: Record<AppointmentStatus, string> = { pending: 'Pending', done: 'Done', cancelled: 'Cancelled' };
export const OFFERING_LABELS: Record<OfferingType, string> = { clinic: 'Clinic', studio: 'Studio', both: 'Both' };

/** Newest booking first (by creation time), as staff triage new requests. */
export const sortNewestFirst = (list: readonly Appointment[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export const clientName = (a: Pick<Appointment, 'firstName' | 'lastName'>) => `${a.firstName} ${a.lastName}`.trim();

/** An item tagged `both` belongs to either side. */
export const belongsTo = (itemOffering: OfferingType, side: OfferingType) => side === 'both' || itemOffering === side || itemOffering === 'both';

/** Applies the edit dialog's change to the cached list, so the table updates before the server answers. */
export const applyUpdate = (list: readonly Appointment[], id: string, change: Partial<Pick<Appointment, 'status' | 'adminComment'>>) =>
  list.map((a) => (a.id === id ? { ...a, ...change } : a));

/** The spec's rule for a lapsed session: the error message carries the 401 status. */
export const isUnauthorized = (error: unknown) => errorStatus(error) === 401;

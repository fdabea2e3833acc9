import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SLOT_FULL_MESSAGE, slotHoldRoutes, type Side } from '@bb/contracts';
import { errorStatus, serverMessage } from '../../shared/api/request';
import { callRoute } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { holdFits, holdIdFor, holdRequest, slotOfForm, type HeldSlot, type Hold } from './domain/hold';
import { isSlotsKey } from './domain/schedule';
import type { BookingForm } from './domain/validation';

/**
 * Holds the slot the visitor picks while they fill in the form, so nobody books it meanwhile:
 * one hold at a time, given back when the form no longer asks for its slot (another time, date,
 * items) or the form goes away unbooked. A slot taken already is said at once ("Fully booked")
 * and the slots are read again; a hold that fails otherwise is no hold, and the booking checks
 * the slot anyway.
 */
export function useSlotHold(side: Side, form: BookingForm) {
  const client = useQueryClient();
  const [hold, setHold] = useState<Hold | null>(null);
  // Read by the mutations' answers and the unmount, which outlive the render that started them.
  const held = useRef<Hold | null>(null);
  const latest = useRef({ side, form });
  latest.current = { side, form };
  const mounted = useRef(true);
  /** The hold being asked for: a booking sent meanwhile waits for it rather than race its own hold. */
  const asking = useRef<Promise<unknown> | null>(null);
  /** Its slot, so a second click on the same time asks nothing again. */
  const asked = useRef<HeldSlot | null>(null);

  /** Whether the visitor holds the slot the form asks for already. */
  const holding = () => holdIdFor(held.current, latest.current.form, latest.current.side) !== undefined;
  const keep = (next: Hold | null) => {
    held.current = next;
    setHold(next);
  };

  const release = useMutation({ mutationFn: (holdId: string) => callRoute(slotHoldRoutes.release, { params: { holdId } }) });
  const take = useMutation({
    mutationFn: (slot: HeldSlot) => callRoute(slotHoldRoutes.create, { body: holdRequest(slot) }),
    onSuccess: ({ holdId }, slot) => {
      const now = latest.current;
      // The visitor moved on (or left) while it was asked for, or holds that slot already: given straight back.
      if (!mounted.current || !holdFits(slot, now.form, now.side) || holding()) release.mutate(holdId);
      else keep({ holdId, slot });
    },
    onError: (error, slot) => {
      if (errorStatus(error) !== 409) return;
      void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });
      const now = latest.current;
      // Refused because the visitor's own hold has it (clicking back and forth quickly): nothing to say.
      if (mounted.current && holdFits(slot, now.form, now.side) && !holding()) toast.error('Fully booked', serverMessage(error) ?? SLOT_FULL_MESSAGE);
    },
    onSettled: (_answer, _error, slot) => {
      if (asked.current === slot) asked.current = null;
    },
  });
  const releaseNow = useRef(release.mutate);
  releaseNow.current = release.mutate;

  // Whatever changed the form (a field, the items, a prefill, the reset after a booking), a hold on another slot goes back.
  useEffect(() => {
    if (hold && !holdFits(hold.slot, form, side)) {
      releaseNow.current(hold.holdId);
      keep(null);
    }
  }, [hold, form, side]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (held.current) releaseNow.current(held.current.holdId);
      held.current = null;
    };
  }, []);

  /** The visitor picked a time: it is held for the form's items (a hold on another slot goes back first). */
  function pick(date: string, time: string) {
    const slot = slotOfForm({ ...form, preferredDate: date, preferredTime: time }, side);
    if ((held.current && holdFits(held.current.slot, slot, side)) || (asked.current && holdFits(asked.current, slot, side))) return;
    if (held.current) releaseNow.current(held.current.holdId);
    keep(null);
    asked.current = slot;
    asking.current = take.mutateAsync(slot).catch(() => undefined);
  }

  /** The hold to book within, once any hold being asked for has answered; none unless it is on the form's slot. */
  async function forBooking(booking: BookingForm): Promise<string | undefined> {
    await asking.current;
    return holdIdFor(held.current, booking, side);
  }

  /** The booking took the hold over: nothing to give back. */
  const booked = () => keep(null);

  return { holdId: holdIdFor(hold, form, side), pick, forBooking, booked };
}

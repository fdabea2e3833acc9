import type { Side, SlotHoldRequest } from '@bb/contracts';
import { ANY_PRACTITIONER, practitionerParam } from './practitioner';
import type { BookingForm } from './validation';

/** What a hold is on: the offering, date, time, items and practitioner the form had when the visitor picked the time. */
export interface HeldSlot {
  offeringType: Side;
  preferredDate: string;
  preferredTime: string;
  treatments: readonly string[];
  /** The practitioner asked for; blank: any available. */
  practitionerId: string;
}

/** A hold the server gave, with the slot it is on. */
export interface Hold {
  holdId: string;
  slot: HeldSlot;
}

type FormSlot = Pick<BookingForm, 'preferredDate' | 'preferredTime'> & { treatments: readonly string[]; practitionerId?: string };

/** The slot the form asks for. */
export const slotOfForm = (form: FormSlot, side: Side): HeldSlot => ({
  offeringType: side,
  preferredDate: form.preferredDate,
  preferredTime: form.preferredTime,
  treatments: form.treatments,
  practitionerId: form.practitionerId ?? ANY_PRACTITIONER,
});

/** POST /api/slot-holds's body for a slot: the practitioner only when one is asked for. */
export const holdRequest = (slot: HeldSlot): SlotHoldRequest => ({
  ...slot,
  treatments: [...slot.treatments],
  practitionerId: practitionerParam(slot.practitionerId),
});

const sameItems = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Whether the form still asks for the held slot: same offering, date, time, items (in any
 * order) and practitioner; otherwise the hold goes back (a hold on one person's time is not
 * the booking of another's, nor of "any").
 */
export const holdFits = (slot: HeldSlot, form: FormSlot, side: Side): boolean =>
  slot.offeringType === side &&
  slot.practitionerId === (form.practitionerId ?? ANY_PRACTITIONER) &&
  slot.preferredDate === form.preferredDate &&
  slot.preferredTime === form.preferredTime &&
  sameItems(slot.treatments, form.treatments);

/** The hold the form books within and reads its slots with: only one on the slot the form asks for. */
export const holdIdFor = (hold: Hold | null, form: FormSlot, side: Side): string | undefined =>
  hold && holdFits(hold.slot, form, side) ? hold.holdId : undefined;

/**
 * A slots URL without its `holdId`: the same day asked for. Taking or giving back a hold
 * changes the key of the day's slots, and the answer shown meanwhile stays the day's (the
 * visitor's own slot is theirs either way) instead of a "Loading" flash after every pick.
 */
export const withoutHold = (url: string): string => url.replace(/[?&]holdId=[^&]*/, '');

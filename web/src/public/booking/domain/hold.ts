import type { Side, SlotHoldRequest } from '@bb/contracts';
import type { BookingForm } from './validation';

/** What a hold is on: the offering, date, time and items the form had when the visitor picked the time. */
export interface HeldSlot {
  offeringType: Side;
  preferredDate: string;
  preferredTime: string;
  treatments: readonly string[];
}

/** A hold the server gave, with the slot it is on. */
export interface Hold {
  holdId: string;
  slot: HeldSlot;
}

type FormSlot = Pick<BookingForm, 'preferredDate' | 'preferredTime'> & { treatments: readonly string[] };

/** The slot the form asks for. */
export const slotOfForm = (form: FormSlot, side: Side): HeldSlot => ({
  offeringType: side,
  preferredDate: form.preferredDate,
  preferredTime: form.preferredTime,
  treatments: form.treatments,
});

/** POST /api/slot-holds's body for a slot. */
export const holdRequest = (slot: HeldSlot): SlotHoldRequest => ({ ...slot, treatments: [...slot.treatments] });

const sameItems = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id) => b.includes(id));

/** Whether the form still asks for the held slot: same offering, date, time and items (in any order); otherwise the hold goes back. */
export const holdFits = (slot: HeldSlot, form: FormSlot, side: Side): boolean =>
  slot.offeringType === side &&
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

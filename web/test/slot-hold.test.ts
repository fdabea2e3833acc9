import { holdFits, holdIdFor, holdRequest, slotOfForm, withoutHold, type Hold } from '../src/public/booking/domain/hold';
import { rangeSlotsUrl, slotsUrl } from '../src/public/booking/domain/schedule';
import { weekQueries } from '../src/public/booking/slots-query';

const HOLD_ID = 'AbCdEfGhIjKlMnOpQrStUvc20301107';
const form = { preferredDate: '2030-11-07', preferredTime: '10:30', treatments: ['t1', 't2'] };
const hold: Hold = { holdId: HOLD_ID, slot: slotOfForm(form, 'clinic') };

describe("the visitor's hold on the slot they picked", () => {
  it('fits the form while it asks for the same offering, date, time and items, in any order', () => {
    expect(holdFits(hold.slot, form, 'clinic')).toBe(true);
    expect(holdFits(hold.slot, { ...form, treatments: ['t2', 't1'] }, 'clinic')).toBe(true);
  });

  it('no longer fits once the time, the date, the items or the offering change', () => {
    expect(holdFits(hold.slot, { ...form, preferredTime: '11:00' }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, { ...form, preferredDate: '2030-11-08' }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, { ...form, treatments: ['t1'] }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, { ...form, treatments: ['t1', 't3'] }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, { ...form, treatments: ['t1', 't2', 't3'] }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, { ...form, preferredDate: '', preferredTime: '' }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, form, 'studio')).toBe(false);
  });

  it('is booked within and read with only while it fits the form', () => {
    expect(holdIdFor(hold, form, 'clinic')).toBe(HOLD_ID);
    expect(holdIdFor(hold, { ...form, preferredTime: '11:00' }, 'clinic')).toBeUndefined();
    expect(holdIdFor(null, form, 'clinic')).toBeUndefined();
  });

  it("is asked for with the form's slot, the items copied (the form's list is not handed on)", () => {
    const request = holdRequest(hold.slot);
    expect(request).toEqual({ offeringType: 'clinic', preferredDate: '2030-11-07', preferredTime: '10:30', treatments: ['t1', 't2'] });
    expect(request.treatments).not.toBe(form.treatments);
  });
});

describe('slots read with a hold', () => {
  it("send the hold's id, only when there is one", () => {
    expect(slotsUrl('clinic', '2030-11-07', ['t1'], HOLD_ID)).toBe(`/api/available-slots?offeringType=clinic&date=2030-11-07&treatmentId=t1&holdId=${HOLD_ID}`);
    expect(slotsUrl('clinic', '2030-11-07', ['t1'])).toBe('/api/available-slots?offeringType=clinic&date=2030-11-07&treatmentId=t1');
    expect(rangeSlotsUrl('clinic', '2030-11-03', '2030-11-09', ['t1'], HOLD_ID)).toContain(`&holdId=${HOLD_ID}`);
    const week = ['2030-11-03', '2030-11-09'];
    expect(weekQueries({ kind: 'offering', side: 'clinic', treatmentIds: ['t1'], holdId: HOLD_ID }, week)[0].queryKey[0]).toContain(`holdId=${HOLD_ID}`);
    expect(weekQueries({ kind: 'offering', side: 'clinic', treatmentIds: ['t1'] }, week)[0].queryKey[0]).not.toContain('holdId');
  });

  it('are the same day asked for with any hold or none, and another day is not', () => {
    const day = slotsUrl('clinic', '2030-11-07', ['t1', 't2']);
    expect(withoutHold(slotsUrl('clinic', '2030-11-07', ['t1', 't2'], HOLD_ID))).toBe(day);
    expect(withoutHold(day)).toBe(day);
    expect(withoutHold(slotsUrl('clinic', '2030-11-08', ['t1', 't2'], HOLD_ID))).not.toBe(day);
    expect(withoutHold(slotsUrl('clinic', '2030-11-07', ['t1'], HOLD_ID))).not.toBe(day);
  });
});

import { holdFits, holdIdFor, holdRequest, slotOfForm, type Hold } from '../src/public/booking/domain/hold';
import { ANY_PRACTITIONER, choiceAfter, initials, moveChoice, practitionersUrl, showsChoice } from '../src/public/booking/domain/practitioner';
import { manageSlotsUrl, rangeSlotsUrl, slotsUrl } from '../src/public/booking/domain/schedule';
import { bookedSummary } from '../src/public/booking/domain/summary';
import { EMPTY_BOOKING, toAppointmentRequest } from '../src/public/booking/domain/validation';
import { weekQueries } from '../src/public/booking/slots-query';

const HOLD_ID = 'AbCdEfGhIjKlMnOpQrStUvc20301107';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012_-9';
const zoe = { id: 'p-zoe', name: 'Zoe Tan', imageUrl: '' };
const mia = { id: 'p-mia', name: 'Mia Go', imageUrl: '/api/uploads/mia.png' };

describe('the practitioner chosen after the items change', () => {
  it('stays while that person is offered for the new items', () => {
    expect(choiceAfter('p-zoe', [mia, zoe])).toBe('p-zoe');
  });

  it('goes back to "Any available" once they are not offered (new item outside their skills, nobody qualified)', () => {
    expect(choiceAfter('p-zoe', [mia])).toBe(ANY_PRACTITIONER);
    expect(choiceAfter('p-zoe', [])).toBe(ANY_PRACTITIONER);
  });

  it('stands while the list for the new items is being read, and "Any available" is always valid', () => {
    expect(choiceAfter('p-zoe', undefined)).toBe('p-zoe');
    expect(choiceAfter(ANY_PRACTITIONER, [])).toBe(ANY_PRACTITIONER);
    expect(choiceAfter(ANY_PRACTITIONER, [zoe])).toBe(ANY_PRACTITIONER);
  });

  it('is shown only when somebody can be chosen', () => {
    expect(showsChoice([zoe])).toBe(true);
    expect(showsChoice([])).toBe(false);
    expect(showsChoice(undefined)).toBe(false);
  });

  it('is asked for the chosen items of the offering', () => {
    expect(practitionersUrl('clinic', ['t1', 't2'])).toBe('/api/available-practitioners?offeringType=clinic&treatmentId=t1&treatmentId=t2');
  });
});

describe('an avatar without a photo', () => {
  it("shows the first and last word's first letters, upper case", () => {
    expect(initials('Zoe Tan')).toBe('ZT');
    expect(initials('  zoe  de la cruz ')).toBe('ZC');
    expect(initials('Madonna')).toBe('M');
    expect(initials('Élodie Ñunez')).toBe('ÉÑ');
  });

  it('keeps a character outside the basic plane whole, and shows a question mark for no name', () => {
    expect(initials('𝒜da Lim')).toBe('𝒜L');
    expect(initials('   ')).toBe('?');
  });
});

describe('the practitioner in every read and write', () => {
  const form = { ...EMPTY_BOOKING, preferredDate: '2030-11-07', preferredTime: '10:30', treatments: ['t1'] };

  it('goes into the day and range slots and the schedule week, "any" sends nothing', () => {
    expect(slotsUrl('clinic', '2030-11-07', ['t1'], undefined, 'p-zoe')).toBe(
      '/api/available-slots?offeringType=clinic&date=2030-11-07&treatmentId=t1&practitionerId=p-zoe',
    );
    expect(slotsUrl('clinic', '2030-11-07', ['t1'], HOLD_ID, 'p-zoe')).toContain(`&holdId=${HOLD_ID}&practitionerId=p-zoe`);
    expect(slotsUrl('clinic', '2030-11-07', ['t1'], undefined, undefined)).not.toContain('practitionerId');
    expect(rangeSlotsUrl('clinic', '2030-11-03', '2030-11-09', ['t1'], undefined, 'p-zoe')).toContain('&practitionerId=p-zoe');
    const week = ['2030-11-03', '2030-11-09'];
    expect(weekQueries({ kind: 'offering', side: 'clinic', treatmentIds: ['t1'], practitionerId: 'p-zoe' }, week)[0].queryKey[0]).toContain(
      'practitionerId=p-zoe',
    );
  });

  it('goes into the booking, "any" leaves it out', () => {
    expect(toAppointmentRequest({ ...form, practitionerId: 'p-zoe' }, 'clinic').practitionerId).toBe('p-zoe');
    expect(toAppointmentRequest(form, 'clinic')).not.toHaveProperty('practitionerId', expect.anything());
  });

  it('goes into the hold, "any" leaves it out', () => {
    expect(holdRequest(slotOfForm({ ...form, practitionerId: 'p-zoe' }, 'clinic')).practitionerId).toBe('p-zoe');
    expect(holdRequest(slotOfForm(form, 'clinic')).practitionerId).toBeUndefined();
  });

  it('is part of what a hold is on: another practitioner (or "any") lets the hold go', () => {
    const hold: Hold = { holdId: HOLD_ID, slot: slotOfForm({ ...form, practitionerId: 'p-zoe' }, 'clinic') };
    expect(holdFits(hold.slot, { ...form, practitionerId: 'p-zoe' }, 'clinic')).toBe(true);
    expect(holdFits(hold.slot, { ...form, practitionerId: 'p-mia' }, 'clinic')).toBe(false);
    expect(holdFits(hold.slot, form, 'clinic')).toBe(false);
    expect(holdIdFor(hold, { ...form, practitionerId: 'p-mia' }, 'clinic')).toBeUndefined();
    const anyHold: Hold = { holdId: HOLD_ID, slot: slotOfForm(form, 'clinic') };
    expect(holdFits(anyHold.slot, { ...form, practitionerId: 'p-zoe' }, 'clinic')).toBe(false);
    expect(holdIdFor(anyHold, form, 'clinic')).toBe(HOLD_ID);
  });

  it("names the practitioner of the booking's answer in the summary, none when it has none", () => {
    const request = { treatments: ['t1'], preferredDate: '2030-11-07', preferredTime: '10:30', offeringType: 'clinic' as const };
    const answer = { id: '665f1c2ab4e8d90012ab34cd', email: 'ana@example.ph', manageToken: null };
    expect(bookedSummary(request, { ...answer, practitioner: { id: 'p-zoe', name: 'Zoe Tan' } }, new Map()).practitioner).toBe('Zoe Tan');
    expect(bookedSummary(request, answer, new Map()).practitioner).toBeNull();
  });
});

describe('moving a booking with a practitioner (the manage page)', () => {
  it('asks for the times with the choice, only for a booking that has a practitioner', () => {
    expect(manageSlotsUrl(TOKEN, '2030-11-07', moveChoice(true, 'keep'))).toBe(`/api/manage/${TOKEN}/available-slots?date=2030-11-07&practitioner=keep`);
    expect(manageSlotsUrl(TOKEN, '2030-11-07', moveChoice(true, 'any'))).toBe(`/api/manage/${TOKEN}/available-slots?date=2030-11-07&practitioner=any`);
    expect(manageSlotsUrl(TOKEN, '2030-11-07', moveChoice(false, 'any'))).toBe(`/api/manage/${TOKEN}/available-slots?date=2030-11-07`);
    const days = ['2030-11-07'];
    expect(weekQueries({ kind: 'manage', token: TOKEN, practitioner: 'any' }, days)[0].queryKey[0]).toContain('practitioner=any');
  });
});

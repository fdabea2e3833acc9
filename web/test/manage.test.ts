import { DEPOSIT_MESSAGES, MANAGE_MESSAGES } from '@bb/contracts';
import { ApiError } from '../src/shared/api/request';
import { CUSTOMER_STATUS, itemsLabel, loadProblem, manageLinks, manageOptions, unpaidOptions } from '../src/public/manage/domain/manage';

describe('the links of a manage token', () => {
  it('lead to the manage page, the calendar file and the pay page, the token kept safe in the path', () => {
    expect(manageLinks('AbC_-1')).toEqual({ page: '/manage/AbC_-1', calendar: '/api/manage/AbC_-1/calendar.ics', pay: '/pay/AbC_-1' });
    expect(manageLinks('a/b').page).toBe('/manage/a%2Fb');
    expect(manageLinks('a/b').pay).toBe('/pay/a%2Fb');
  });
});

describe('a manage page that cannot show its booking', () => {
  it("says a link names no booking in the server's words, with no Try again", () => {
    expect(loadProblem(new ApiError(404, { message: MANAGE_MESSAGES.badLink }, '{}'))).toEqual({
      title: 'Booking Not Found',
      text: MANAGE_MESSAGES.badLink,
      canRetry: false,
    });
    expect(loadProblem(new ApiError(400, null, 'Bad Request'))).toMatchObject({ text: MANAGE_MESSAGES.badLink, canRetry: false });
  });

  it("says a link has expired in the server's words, with no Try again", () => {
    expect(loadProblem(new ApiError(410, { message: MANAGE_MESSAGES.expired }, '{}'))).toEqual({
      title: 'Link Expired',
      text: MANAGE_MESSAGES.expired,
      canRetry: false,
    });
  });

  it('offers Try again for a server failure or a dropped connection', () => {
    expect(loadProblem(new ApiError(502, null, 'Bad Gateway')).canRetry).toBe(true);
    expect(loadProblem(new TypeError('Failed to fetch'))).toMatchObject({ title: 'Your booking could not be loaded', canRetry: true });
  });
});

describe('what a manage page offers', () => {
  const open = { changeable: true, changeClosedReason: null, changeDeadline: '2026-12-07T02:00:00.000Z', status: 'pending' as const, reschedulesLeft: 3 };

  it('while changes are open: both actions, the deadline in Manila time, and the calendar file', () => {
    expect(manageOptions(open)).toEqual({
      canChange: true,
      offerReschedule: true,
      closedReason: null,
      openText: 'You can reschedule or cancel online until Monday, December 7, 2026 at 10:00 AM.',
      showCalendar: true,
    });
  });

  it('once the online moves are used up: no Reschedule, Cancel still, and whom to ask instead', () => {
    const used = manageOptions({ ...open, reschedulesLeft: 0 });
    expect(used).toMatchObject({ canChange: true, offerReschedule: false });
    expect(used.openText).toMatch(/^You can cancel online until Monday, December 7, 2026 at 10:00 AM\. .*contact us/);
    expect(manageOptions({ ...open, reschedulesLeft: 1 }).offerReschedule).toBe(true);
  });

  it("once closed: no actions and the server's reason", () => {
    expect(manageOptions({ ...open, changeable: false, changeClosedReason: MANAGE_MESSAGES.cutoff(24) })).toMatchObject({
      canChange: false,
      closedReason: MANAGE_MESSAGES.cutoff(24),
      openText: null,
    });
    expect(manageOptions({ ...open, changeable: false }).closedReason).toMatch(/contact us/);
  });

  it('a booking waiting for its payment may be cancelled, not moved, and has no calendar file yet', () => {
    expect(unpaidOptions(manageOptions(open))).toEqual({
      canChange: true,
      offerReschedule: false,
      closedReason: null,
      openText: DEPOSIT_MESSAGES.awaiting,
      showCalendar: false,
    });
    const closed = manageOptions({ ...open, changeable: false, changeClosedReason: MANAGE_MESSAGES.cutoff(24) });
    expect(unpaidOptions(closed)).toMatchObject({ canChange: false, openText: null, closedReason: MANAGE_MESSAGES.cutoff(24) });
  });

  it('a cancelled booking has no calendar file to offer', () => {
    expect(manageOptions({ ...open, changeable: false, changeClosedReason: MANAGE_MESSAGES.cancelled, status: 'cancelled' }).showCalendar).toBe(false);
  });

  it('words each status, and what was booked, as a customer would', () => {
    expect(CUSTOMER_STATUS).toEqual({ pending: 'Booked', done: 'Completed', cancelled: 'Cancelled' });
    expect([itemsLabel('clinic', 1), itemsLabel('clinic', 2), itemsLabel('studio', 1)]).toEqual(['Treatment', 'Treatments', 'Package']);
  });
});

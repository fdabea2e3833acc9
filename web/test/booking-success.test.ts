import type { BookedSummary } from '../src/public/booking/domain/summary';
import { SUCCESS_STATE_MS, successTimeline, type AfterBooking } from '../src/public/booking/success-timeline';

const summary = (reference: string): BookedSummary => ({
  items: ['Hydrafacial'],
  when: 'Tuesday, December 8, 2026 at 10:00 AM',
  offering: 'Lumière Clinic',
  reference,
  practitioner: null,
  email: 'maria@example.ph',
  links: { calendar: '/api/manage/x/calendar.ics', page: '/manage/x', pay: '/pay/x' },
  deposit: null,
});

describe('after a booking', () => {
  let shown: AfterBooking[];
  let resets: number;
  const timeline = () =>
    successTimeline(
      (after) => shown.push(after),
      () => resets++,
    );
  const now = () => shown[shown.length - 1];

  beforeEach(() => {
    jest.useFakeTimers();
    shown = [];
    resets = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('shows the success state for the spec’s 5 seconds, then resets the form once and keeps the summary above it', () => {
    expect(SUCCESS_STATE_MS).toBe(5000);
    const after = timeline();
    const first = summary('LC-1');
    after.booked(first);
    expect(now()).toEqual({ phase: 'success', summary: first });
    after.onScreen();

    jest.advanceTimersByTime(SUCCESS_STATE_MS - 1);
    expect(now()).toEqual({ phase: 'success', summary: first });
    expect(resets).toBe(0);

    jest.advanceTimersByTime(1);
    expect(resets).toBe(1);
    expect(now()).toEqual({ phase: 'summary', summary: first });

    // The summary stays until the visitor dismisses it; the form is not reset again.
    jest.advanceTimersByTime(10 * 60_000);
    expect(now()).toEqual({ phase: 'summary', summary: first });
    expect(resets).toBe(1);
    after.dismiss();
    expect(now()).toBeNull();
    expect(resets).toBe(1);
  });

  it('counts its 5 seconds from when it is on screen, not from the answer: a busy page may draw it late', () => {
    const after = timeline();
    const first = summary('LC-1');
    after.booked(first);
    jest.advanceTimersByTime(700);
    expect(now()).toEqual({ phase: 'success', summary: first });
    after.onScreen();
    after.onScreen();
    jest.advanceTimersByTime(SUCCESS_STATE_MS - 1);
    expect([now()?.phase, resets]).toEqual(['success', 0]);
    jest.advanceTimersByTime(1);
    expect([now()?.phase, resets]).toEqual(['summary', 1]);
  });

  it('brings the fresh form back at once when the summary is dismissed during the success state', () => {
    const after = timeline();
    after.booked(summary('LC-1'));
    after.onScreen();
    jest.advanceTimersByTime(2000);
    after.dismiss();
    expect(now()).toBeNull();
    expect(resets).toBe(1);
    jest.advanceTimersByTime(SUCCESS_STATE_MS);
    expect(resets).toBe(1);
    expect(shown).toHaveLength(2);
  });

  it('gives a second booking its own success state and 5 seconds, replacing the first summary', () => {
    const after = timeline();
    after.booked(summary('LC-1'));
    after.onScreen();
    jest.advanceTimersByTime(SUCCESS_STATE_MS + 30_000);
    const second = summary('LC-2');
    after.booked(second);
    expect(now()).toEqual({ phase: 'success', summary: second });
    after.onScreen();
    jest.advanceTimersByTime(SUCCESS_STATE_MS - 1);
    expect(now()).toEqual({ phase: 'success', summary: second });
    jest.advanceTimersByTime(1);
    expect(now()).toEqual({ phase: 'summary', summary: second });
    expect(resets).toBe(2);
  });

  it('does nothing more once the form has gone from the page', () => {
    const after = timeline();
    after.booked(summary('LC-1'));
    after.onScreen();
    after.stop();
    jest.advanceTimersByTime(SUCCESS_STATE_MS * 2);
    expect(resets).toBe(0);
    expect(shown).toHaveLength(1);
  });
});

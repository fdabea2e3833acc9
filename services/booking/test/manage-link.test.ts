import { createHash } from 'node:crypto';
import { MANAGE_MESSAGES } from '@bb/contracts';
import { changeWindow, linkExpiry, manageTokenHash, reschedulesLeft } from '../src/domain/manage-link';

const start = new Date('2030-01-07T02:00:00.000Z'); // 10:00 in Manila
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3600_000);

describe('manage links', () => {
  it('of appointments booked before derived tokens are found by the SHA-256 of their token', () => {
    expect(manageTokenHash('A'.repeat(32))).toBe(createHash('sha256').update('A'.repeat(32)).digest('hex'));
  });

  it('expire the given number of days after the appointment ends', () => {
    expect(linkExpiry(new Date('2030-01-07T03:00:00.000Z'), 30)).toEqual(new Date('2030-02-06T03:00:00.000Z'));
    expect(linkExpiry(new Date('2030-01-07T03:00:00.000Z'), 1)).toEqual(new Date('2030-01-08T03:00:00.000Z'));
  });

  it('leave the customer the moves the limit allows, never fewer than none', () => {
    expect(reschedulesLeft(3, 0)).toBe(3);
    expect(reschedulesLeft(3, 2)).toBe(1);
    expect(reschedulesLeft(3, 3)).toBe(0);
    // Staff lowered the limit after the customer moved it.
    expect(reschedulesLeft(1, 3)).toBe(0);
    expect(reschedulesLeft(0, 0)).toBe(0);
  });
});

describe('the change window', () => {
  it('is open until the cut-off before the start, and closed from the deadline on', () => {
    expect(changeWindow({ status: 'pending', start }, 24, hoursBefore(25))).toEqual({ closed: null, reason: null, deadline: hoursBefore(24) });
    expect(changeWindow({ status: 'pending', start }, 24, new Date(hoursBefore(24).getTime() - 1)).closed).toBeNull();
    expect(changeWindow({ status: 'pending', start }, 24, hoursBefore(24))).toEqual({
      closed: 'cutoff',
      reason: MANAGE_MESSAGES.cutoff(24),
      deadline: hoursBefore(24),
    });
  });

  it('with a cut-off of 0 stays open until the start itself', () => {
    expect(changeWindow({ status: 'pending', start }, 0, new Date(start.getTime() - 1)).closed).toBeNull();
    expect(changeWindow({ status: 'pending', start }, 0, start)).toMatchObject({ closed: 'past', reason: MANAGE_MESSAGES.past, deadline: start });
  });

  it('is closed for a cancelled, done or started appointment, whatever the cut-off', () => {
    const early = hoursBefore(100);
    expect(changeWindow({ status: 'cancelled', start }, 24, early)).toMatchObject({ closed: 'cancelled', reason: MANAGE_MESSAGES.cancelled });
    expect(changeWindow({ status: 'done', start }, 24, early)).toMatchObject({ closed: 'past', reason: MANAGE_MESSAGES.done });
    expect(changeWindow({ status: 'pending', start }, 24, new Date(start.getTime() + 1))).toMatchObject({ closed: 'past', reason: MANAGE_MESSAGES.past });
  });
});

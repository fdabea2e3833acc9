import { createHash } from 'node:crypto';
import { MANAGE_MESSAGES, manageTokenSchema } from '@bb/contracts';
import { changeWindow, manageTokenHash, newManageToken } from '../src/domain/manage-link';

const start = new Date('2030-01-07T02:00:00.000Z'); // 10:00 in Manila
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3600_000);

describe('manage link tokens', () => {
  it('are 32 base64url characters the contract accepts, different every time, stored as their SHA-256', () => {
    const tokens = Array.from({ length: 100 }, newManageToken);
    for (const token of tokens) expect(manageTokenSchema.parse(token)).toBe(token);
    expect(new Set(tokens).size).toBe(100);
    expect(manageTokenHash(tokens[0])).toBe(createHash('sha256').update(tokens[0]).digest('hex'));
  });
});

describe('the change window', () => {
  it('is open until the cut-off before the start, and closed from the deadline on', () => {
    expect(changeWindow({ status: 'pending', start }, 24, hoursBefore(25))).toEqual({ closed: null, reason: null, deadline: hoursBefore(24) });
    expect(changeWindow({ status: 'pending', start }, 24, new Date(hoursBefore(24).getTime() - 1)).closed).toBeNull();
    expect(changeWindow({ status: 'pending', start }, 24, hoursBefore(24))).toEqual({ closed: 'cutoff', reason: MANAGE_MESSAGES.cutoff(24), deadline: hoursBefore(24) });
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

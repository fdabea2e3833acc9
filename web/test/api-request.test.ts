import { ApiError, errorStatus, serverMessage } from '../src/shared/api/request';
import { routePrefix, routeUrl } from '../src/shared/api/routes';
import { appointmentRoutes, chatRoutes, scheduleRoutes, treatmentRoutes } from '@bb/contracts';

describe('API errors', () => {
  it('read as the spec words them, "status: body", and keep the status and the parsed body', () => {
    const error = new ApiError(409, { message: 'That time slot is fully booked.' }, '{"message":"That time slot is fully booked."}');
    expect(error.message).toBe('409: {"message":"That time slot is fully booked."}');
    expect(errorStatus(error)).toBe(409);
    expect(serverMessage(error)).toBe('That time slot is fully booked.');
  });

  it('give a plain-text body as the server message, and nothing for other errors', () => {
    expect(serverMessage(new ApiError(502, 'Bad Gateway', 'Bad Gateway'))).toBe('Bad Gateway');
    expect(serverMessage(new ApiError(500, null, 'Internal Server Error'))).toBeUndefined();
    expect(serverMessage(new Error('Failed to fetch'))).toBeUndefined();
    expect(errorStatus(new Error('409: looks like one'))).toBeUndefined();
  });
});

describe('route URLs from the contracts', () => {
  it('fill in the params, encoded', () => {
    expect(routeUrl(treatmentRoutes.read, { id: 'a b/c' })).toBe('/api/treatments/a%20b%2Fc');
    expect(routeUrl(chatRoutes.messages, { id: 'xyz' })).toBe('/api/conversations/xyz/messages');
  });

  it('add the query, repeating list values and leaving blanks out', () => {
    expect(routeUrl(scheduleRoutes.availableSlots, undefined, { offeringType: 'clinic', date: '2026-12-01', treatmentId: ['a', 'b'], notes: '' })).toBe(
      '/api/available-slots?offeringType=clinic&date=2026-12-01&treatmentId=a&treatmentId=b',
    );
    expect(routeUrl(treatmentRoutes.list, undefined, { offering: undefined })).toBe('/api/treatments');
  });

  it('give the prefix every URL of a route starts with', () => {
    expect(routePrefix(scheduleRoutes.officeHours)).toBe('/api/office-hours');
    expect(routePrefix(appointmentRoutes.list)).toBe('/api/appointments');
  });
});

import { detailState } from '../src/maintenance/domain/detail';
import { ApiError } from '../src/shared/api/request';

describe('a detail screen', () => {
  it('says not found only when the server answers 404', () => {
    expect(detailState({ isLoading: false, error: new ApiError(404, { message: 'Treatment not found' }, '{"message":"Treatment not found"}') })).toEqual({
      kind: 'missing',
    });
  });

  it('says it could not load on a server error or a failed connection', () => {
    expect(detailState({ isLoading: false, error: new ApiError(500, { message: 'boom' }, '{"message":"boom"}') })).toEqual({ kind: 'failed' });
    expect(detailState({ isLoading: false, error: new TypeError('Failed to fetch') })).toEqual({ kind: 'failed' });
  });

  it('shows the item once it is there, and waits while it loads', () => {
    expect(detailState({ isLoading: false, error: null, data: { id: 't1' } })).toEqual({ kind: 'ready', item: { id: 't1' } });
    expect(detailState({ isLoading: true, error: null })).toEqual({ kind: 'loading' });
  });
});

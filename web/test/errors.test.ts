import { isChunkLoadError } from '../src/shared/errors/chunk-error';
import { ErrorBoundary } from '../src/shared/errors/ErrorBoundary';

describe('a chunk that did not load', () => {
  it("is recognised in each browser's words", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/assets/a.js'))).toBe(true);
  });

  it('is not any other error', () => {
    expect(isChunkLoadError(new Error('500: {"message":"boom"}'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('the route-level error boundary', () => {
  const fallback = () => null;
  const error = new Error('boom');
  it('clears a caught error (and its count of tries) when the page changes', () => {
    expect(ErrorBoundary.getDerivedStateFromProps({ fallback, resetKey: '/b', children: null }, { error, retries: 2, resetKey: '/a' })).toEqual({
      error: null,
      retries: 0,
      resetKey: '/b',
    });
  });

  it('keeps it on the same page', () => {
    expect(ErrorBoundary.getDerivedStateFromProps({ fallback, resetKey: '/a', children: null }, { error, retries: 1, resetKey: '/a' })).toBeNull();
  });
});

import { createElement, lazy, type ComponentType } from 'react';

/** Components whose import failed, each able to start over with a fresh import. */
const failed = new Set<() => void>();

/** Lets every failed import run again on its next render (an error boundary's Try again). */
export function retryFailedImports(): void {
  failed.forEach((reset) => reset());
  failed.clear();
}

/**
 * React.lazy keeps a failed import's error for good. This one can start over: after
 * retryFailedImports() its next render imports the chunk again instead of repeating the error.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failed.add(reset);
        throw error;
      }),
    );
  let current = make();
  const reset = () => {
    current = make();
  };
  return function Retryable(props: P) {
    return createElement(current, props);
  };
}

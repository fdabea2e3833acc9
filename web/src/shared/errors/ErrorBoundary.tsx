import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedImports } from './retryable-lazy';

interface ErrorBoundaryProps {
  /** What shows instead of the children; `retry` renders them again; `retries` counts the tries so far. */
  fallback: (error: Error, retry: () => void, retries: number) => ReactNode;
  /** A new value (the next page's path) clears a caught error. */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: Error | null;
  retries: number;
  resetKey: unknown;
}

/** Catches what its children throw while rendering (a chunk that did not load, a bug) so the rest of the app stays. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null, retries: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, retries: 0, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  /** Renders the children again, importing afresh any chunk that failed to load. */
  retry = () => {
    retryFailedImports();
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry, this.state.retries) : this.props.children;
  }
}

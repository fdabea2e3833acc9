import type { BookedSummary } from './domain/summary';

/** The spec's success state: it lasts 5 seconds, then the form is reset. */
export const SUCCESS_STATE_MS = 5_000;

/**
 * What the booking section shows after a booking: for the success state ('success') the
 * summary stands in for the form; afterwards ('summary') the fresh form is back and the summary
 * stays above it until the visitor dismisses it, so the reference and links are not lost.
 */
export type AfterBooking = { phase: 'success' | 'summary'; summary: BookedSummary } | null;

export interface SuccessTimeline {
  /** A booking went through: its success state is shown (replacing the summary of an earlier one). */
  booked(summary: BookedSummary): void;
  /** The success state is on screen: its 5 seconds start now, however late a busy page drew it. */
  onScreen(): void;
  /** The visitor is done with the summary: during the success state the form comes back reset at once. */
  dismiss(): void;
  /** The form is going away: nothing more happens. */
  stop(): void;
}

/**
 * The success state's clock, apart from React so its timing is tested with fake timers: `show`
 * gets every change of what is shown, `resetForm` runs once per booking, when the success state
 * ends (by time or by dismissal).
 */
export function successTimeline(show: (after: AfterBooking) => void, resetForm: () => void): SuccessTimeline {
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The booking whose success state is shown and not yet on screen. */
  let waiting: BookedSummary | null = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    waiting = null;
  };
  return {
    booked(summary) {
      cancel();
      waiting = summary;
      show({ phase: 'success', summary });
    },
    onScreen() {
      const summary = waiting;
      if (summary === null) return;
      waiting = null;
      timer = setTimeout(() => {
        timer = undefined;
        resetForm();
        show({ phase: 'summary', summary });
      }, SUCCESS_STATE_MS);
    },
    dismiss() {
      if (timer !== undefined || waiting !== null) {
        cancel();
        resetForm();
      }
      show(null);
    },
    stop: cancel,
  };
}

import { useEffect, useRef, useState } from 'react';
import type { BookedSummary } from './domain/summary';
import { successTimeline, type AfterBooking, type SuccessTimeline } from './success-timeline';

/**
 * The success state and the summary after it (see successTimeline), for as long as the form is
 * on the page. `resetForm` must keep its identity (a useCallback of state setters): a new one
 * starts a new timeline, which would drop a success state under way.
 */
export function useAfterBooking(resetForm: () => void) {
  const [after, setAfter] = useState<AfterBooking>(null);
  const timeline = useRef<SuccessTimeline | null>(null);
  useEffect(() => {
    const current = successTimeline(setAfter, resetForm);
    timeline.current = current;
    return current.stop;
  }, [resetForm]);
  // Its 5 seconds count from when it is on screen (an effect runs once the page shows it).
  useEffect(() => {
    if (after?.phase === 'success') timeline.current?.onScreen();
  }, [after]);
  return {
    after,
    booked: (summary: BookedSummary) => timeline.current?.booked(summary),
    dismiss: () => timeline.current?.dismiss(),
  };
}

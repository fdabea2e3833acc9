import type { Treatment } from '@bb/contracts';

/** Spec §3: the detail page shows the treatment's own duration text, or 90 minutes without one. */
export const detailDuration = (treatment: Pick<Treatment, 'duration'>): string => treatment.duration.trim() || '90 minutes';

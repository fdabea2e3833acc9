/** Spec §9: poll every 1.5 s while the chat is lively, every 7 s once quiet for a minute. */
export const POLL_ACTIVE_MS = 1500;
export const POLL_IDLE_MS = 7000;
export const IDLE_AFTER_MS = 60_000;
export const IDLE_CHECK_MS = 1000;

export type PollingMode = 'active' | 'idle';

/** Idle once a minute has passed since the last activity (a message sent or received). */
export const pollingMode = (lastActivityAt: number, now: number): PollingMode => (now - lastActivityAt >= IDLE_AFTER_MS ? 'idle' : 'active');

export const pollDelay = (mode: PollingMode): number => (mode === 'active' ? POLL_ACTIVE_MS : POLL_IDLE_MS);

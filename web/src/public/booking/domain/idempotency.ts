/** One booking attempt: the exact body sent and the Idempotency-Key that went with it. */
export interface Attempt {
  body: string;
  key: string;
}

/** 128 random bits as hex; getRandomValues works on plain http too, unlike randomUUID. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sending the same form again (say, after the first answer was lost to a dropped connection)
 * reuses the key, so the server answers with the first booking instead of making a second;
 * any change to the form is a new attempt with a new key.
 */
export function attemptFor(body: string, previous: Attempt | null, newKey: () => string = randomKey): Attempt {
  return previous && previous.body === body ? previous : { body, key: newKey() };
}

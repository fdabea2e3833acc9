/** A refusal the dispatcher writes as JSON. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

export const tooMany = (retryAfter: number, message: string): Refusal => ({ status: 429, message, headers: { 'Retry-After': String(retryAfter) } });

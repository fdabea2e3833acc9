/** The bench stack's databases are <prefix>_<service> (scripts/lib/session.mjs, planStack; the year of data is stored under the same prefix). */
export const STACK_PREFIX = 'stack';

/** The database of one of the stack's services. */
export const stackDatabase = (service: string): string => `${STACK_PREFIX}_${service}`;

/** The public forms' e-mail rule (spec §5): not blank and containing an @. */
export const looksLikeEmail = (value: string): boolean => value.trim() !== '' && value.includes('@');

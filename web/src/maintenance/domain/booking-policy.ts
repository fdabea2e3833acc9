import { BUFFER_MINUTES, DEFAULT_BOOKING_POLICY, type Settings, type SettingsUpdate } from '@bb/contracts';

/** The booking policy as the card edits it: the number fields as typed. */
export interface PolicyDraft {
  minimumNoticeMinutes: number;
  horizonDays: string;
  bufferMinutes: number;
  maxUpcomingPerContact: string;
}

type PolicyField = keyof PolicyDraft;
const FIELDS: readonly PolicyField[] = ['minimumNoticeMinutes', 'horizonDays', 'bufferMinutes', 'maxUpcomingPerContact'];

export const policyDraft = (settings: Pick<Settings, PolicyField> | undefined): PolicyDraft => {
  const policy = settings ?? DEFAULT_BOOKING_POLICY;
  return {
    minimumNoticeMinutes: policy.minimumNoticeMinutes,
    horizonDays: String(policy.horizonDays),
    bufferMinutes: policy.bufferMinutes,
    maxUpcomingPerContact: String(policy.maxUpcomingPerContact),
  };
};

/** Minimum notice choices, in minutes. */
export const NOTICE_CHOICES = [0, 60, 120, 240, 720, 1440, 2880] as const;

export const noticeLabel = (minutes: number): string => {
  if (minutes === 0) return 'None';
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
};

/** The notice choices, with a stored value set some other way (the API) kept as one of them. */
export const noticeOptions = (current: number): number[] =>
  (NOTICE_CHOICES as readonly number[]).includes(current) ? [...NOTICE_CHOICES] : [...NOTICE_CHOICES, current].sort((a, b) => a - b);

export const bufferLabel = (minutes: (typeof BUFFER_MINUTES)[number]): string => (minutes === 0 ? 'No buffer' : `${minutes} minutes`);

/**
 * The fields of the draft that differ from what is stored, ready for PUT /api/settings: a blank
 * number field is still being typed and is left out; any other text goes as a number for the
 * server to judge (its 400 message says what is allowed).
 */
export function policyChanges(draft: PolicyDraft, stored: Pick<Settings, PolicyField> | undefined): SettingsUpdate | null {
  const base = policyDraft(stored);
  const changes: Record<string, number> = {};
  for (const field of FIELDS) {
    const value = draft[field];
    if (value === base[field] || (typeof value === 'string' && value.trim() === '')) continue;
    changes[field] = Number(value);
  }
  return Object.keys(changes).length > 0 ? (changes as SettingsUpdate) : null;
}

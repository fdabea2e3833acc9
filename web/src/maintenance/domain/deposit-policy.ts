import {
  DEFAULT_DEPOSIT_SETTINGS,
  depositPolicySchema,
  depositSettingsUpdateSchema,
  MAX_CENTAVOS,
  MIN_DEPOSIT_CENTAVOS,
  NO_SHOW_MONTHS,
  priceCentavos,
  type DepositPolicy,
  type DepositPolicyEntry,
  type DepositSettings,
  type DepositSettingsUpdate,
} from '@bb/contracts';
import { formatCentavos } from '../../shared/format';

export type PolicyKind = DepositPolicy['kind'];

export const POLICY_KIND_LABELS: Record<PolicyKind, string> = {
  none: 'No deposit',
  fixed: 'Fixed amount',
  percent: 'Percentage of the price',
  full: 'Full price',
};
export const POLICY_KINDS = Object.keys(POLICY_KIND_LABELS) as PolicyKind[];

/** A share of the price, or all of it, needs the item to have one price (booking refuses it otherwise, 400). */
export const needsOnePrice = (kind: PolicyKind) => kind === 'percent' || kind === 'full';

/** A policy as its row edits it: the amount in pesos and the percentage as typed. */
export interface PolicyDraft {
  kind: PolicyKind;
  pesos: string;
  percent: string;
}

/** Centavos as pesos to type over: "500", "500.50". */
const pesosText = (centavos: number) => (centavos % 100 === 0 ? String(centavos / 100) : (centavos / 100).toFixed(2));

export const policyDraft = (policy: DepositPolicy): PolicyDraft => ({
  kind: policy.kind,
  pesos: policy.kind === 'fixed' ? pesosText(policy.amount) : '',
  percent: policy.kind === 'percent' ? String(policy.percent) : '',
});

export const AMOUNT_PROBLEM = `Enter an amount from ${formatCentavos(MIN_DEPOSIT_CENTAVOS)} to ${formatCentavos(MAX_CENTAVOS)}, such as 500.`;

/** Pesos as staff type them ("500", "₱1,500.50") as centavos within what a deposit may ask; null for anything else. */
export function depositCentavos(text: string): number | null {
  const centavos = priceCentavos(text);
  return centavos !== null && centavos >= MIN_DEPOSIT_CENTAVOS && centavos <= MAX_CENTAVOS ? centavos : null;
}

/** What the row sends (PUT /api/deposit-policies/:itemId), or what is wrong with it, said beside the field. */
export function policyFromDraft(draft: PolicyDraft): { policy: DepositPolicy } | { problem: string } {
  if (draft.kind === 'fixed') {
    const amount = depositCentavos(draft.pesos);
    return amount === null ? { problem: AMOUNT_PROBLEM } : { policy: { kind: 'fixed', amount } };
  }
  if (draft.kind === 'percent') {
    const text = draft.percent.trim();
    const parsed = depositPolicySchema.safeParse({ kind: 'percent', percent: /^\d+$/.test(text) ? Number(text) : Number.NaN });
    return parsed.success ? { policy: parsed.data } : { problem: parsed.error.issues[0].message };
  }
  return { policy: { kind: draft.kind } };
}

/** What an item asks now, in words: "No deposit", "₱500", "30% of ₱900", "Full price, ₱900". */
export function policySummary(entry: Pick<DepositPolicyEntry, 'policy' | 'priceCentavos'>): string {
  const { policy, priceCentavos: price } = entry;
  const priced = price === null ? null : formatCentavos(price);
  switch (policy.kind) {
    case 'none':
      return 'No deposit';
    case 'fixed':
      return formatCentavos(policy.amount);
    case 'percent':
      return priced ? `${policy.percent}% of ${priced}` : `${policy.percent}% of its price: nothing while it has no single price`;
    case 'full':
      return priced ? `Full price, ${priced}` : 'Full price: nothing while it has no single price';
  }
}

/** The offering's deposit settings as the card edits them: minutes and pesos as typed. */
export interface DepositSettingsDraft {
  holdMinutes: string;
  noShowRule: number;
  noShowDeposit: string;
}

export const depositSettingsDraft = (settings: DepositSettings | undefined): DepositSettingsDraft => {
  const s = settings ?? DEFAULT_DEPOSIT_SETTINGS;
  return { holdMinutes: String(s.holdMinutes), noShowRule: s.noShowRule, noShowDeposit: pesosText(s.noShowDeposit) };
};

export const NO_SHOW_RULE_LABELS: Record<number, string> = {
  0: 'Off',
  1: `After 1 no-show in ${NO_SHOW_MONTHS} months`,
  2: `After 2 no-shows in ${NO_SHOW_MONTHS} months`,
};

type SettingsField = keyof DepositSettingsDraft;

/**
 * The fields that differ from what is stored, ready for PUT /api/deposit-settings/:offering, or
 * the problems of those that cannot be sent. A blank field is still being typed and is left out.
 */
export function depositSettingsChanges(
  draft: DepositSettingsDraft,
  stored: DepositSettings | undefined,
): { update: DepositSettingsUpdate } | { problems: Partial<Record<SettingsField, string>> } | null {
  const base = depositSettingsDraft(stored);
  const update: DepositSettingsUpdate = {};
  const problems: Partial<Record<SettingsField, string>> = {};
  const hold = draft.holdMinutes.trim();
  if (hold !== '' && hold !== base.holdMinutes) {
    const parsed = depositSettingsUpdateSchema.safeParse({ holdMinutes: /^\d+$/.test(hold) ? Number(hold) : Number.NaN });
    if (parsed.success) update.holdMinutes = parsed.data.holdMinutes;
    else problems.holdMinutes = parsed.error.issues[0].message;
  }
  if (draft.noShowRule !== base.noShowRule) update.noShowRule = draft.noShowRule as DepositSettingsUpdate['noShowRule'];
  const deposit = draft.noShowDeposit.trim();
  if (deposit !== '' && deposit !== base.noShowDeposit) {
    const centavos = depositCentavos(deposit);
    if (centavos === null) problems.noShowDeposit = AMOUNT_PROBLEM;
    else if (stored?.noShowDeposit !== centavos) update.noShowDeposit = centavos;
  }
  if (Object.keys(problems).length > 0) return { problems };
  return Object.keys(update).length > 0 ? { update } : null;
}

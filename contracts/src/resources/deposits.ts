import { z } from 'zod';
import { offeringTypeSchema, sideSchema } from '../common';
import { route } from '../route';
import { MANAGEMENT } from '../roles';

// Deposits (issue 31): what a booking must pay before it is confirmed, per treatment or package
// and per offering, and the payment part of an appointment. Amounts are integer centavos
// (₱1 = 100), as PayMongo takes them; payments (services/payments) collects them.

/** The smallest amount a deposit asks for: PayMongo charges nothing below ₱20. */
export const MIN_DEPOSIT_CENTAVOS = 2000;
/** The largest price or deposit read or set: ₱10,000,000. */
export const MAX_CENTAVOS = 1_000_000_000;

/** A package's price in pesos (a number) as centavos; null for a negative or absurd one. */
export function pesosToCentavos(pesos: number): number | null {
  const centavos = Math.round(pesos * 100);
  return Number.isFinite(centavos) && centavos >= 0 && centavos <= MAX_CENTAVOS ? centavos : null;
}

// One amount, with an optional peso sign or "PHP"/"P" before it, or "PHP"/"pesos" after it;
// thousands separated by commas (or not at all) and at most two decimals.
const ONE_AMOUNT = /^(?:₱|php|p)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(?:php|pesos?)?$/i;

/**
 * A treatment's free-text price as centavos, when it names one amount ("900", "₱1,500",
 * "PHP 2,500.00"); null for anything else: a range ("₱900–1,200"), a starting price ("from
 * ₱900"), words ("Ask us"). A deposit as a share of the price needs one price to take it of.
 */
export function priceCentavos(price: string | number): number | null {
  if (typeof price === 'number') return pesosToCentavos(price);
  const match = ONE_AMOUNT.exec(price.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return pesosToCentavos(Number(whole.replaceAll(',', '')) + Number(fraction.padEnd(2, '0')) / 100);
}

/** How an appointment's deposit stands: `awaiting` payment until its hold expires (`expired`), `paid`, then `refunded` or `kept` when cancelled. */
export const PAYMENT_STATES = ['awaiting', 'paid', 'expired', 'refunded', 'kept'] as const;
export const paymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** A part of the price paid ahead (`deposit`), or all of it (`full`). */
export const DEPOSIT_PURPOSES = ['deposit', 'full'] as const;
export const depositPurposeSchema = z.enum(DEPOSIT_PURPOSES);
export type DepositPurpose = z.infer<typeof depositPurposeSchema>;

/** Why booking gives a deposit up (`booking.deposit.released`); `slot-lost`: paid after the hold expired, when the time was taken meanwhile. */
export const DEPOSIT_RELEASE_REASONS = ['cancelled-by-customer', 'cancelled-by-staff', 'hold-expired', 'slot-lost'] as const;
export const depositReleaseReasonSchema = z.enum(DEPOSIT_RELEASE_REASONS);
export type DepositReleaseReason = z.infer<typeof depositReleaseReasonSchema>;
/** Whether a released deposit goes back whole, or is kept by the business. */
export const depositRefundSchema = z.enum(['full', 'none']);

/**
 * The payment part of an appointment booked with a deposit. `awaiting` shows as `expired` once
 * `holdExpiresAt` has passed (derived when read; nothing sweeps): its places are free again.
 */
export const appointmentPaymentSchema = z.object({
  state: paymentStateSchema,
  /** Centavos. */
  amount: z.number().int(),
  purpose: depositPurposeSchema,
  /** ISO instant until which the appointment's places are held while the visitor pays. */
  holdExpiresAt: z.string(),
  /** The payment of the payments service that paid it, once paid. */
  paymentId: z.string().nullable(),
});
export type AppointmentPayment = z.infer<typeof appointmentPaymentSchema>;

const amountMessage = `amount must be a whole number of centavos from ${MIN_DEPOSIT_CENTAVOS} (₱${MIN_DEPOSIT_CENTAVOS / 100}) to ${MAX_CENTAVOS}`;
const centavosSchema = z
  .number({ error: amountMessage })
  .int({ error: amountMessage })
  .min(MIN_DEPOSIT_CENTAVOS, { error: amountMessage })
  .max(MAX_CENTAVOS, { error: amountMessage });
const percentMessage = 'percent must be a whole number from 1 to 100';

/**
 * What a treatment or package asks to be paid ahead: nothing, a fixed amount (centavos), a
 * share of its price, or its whole price. A share or the whole price needs the item to have
 * one price (`priceCentavos` not null).
 */
export const depositPolicySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('fixed'), amount: centavosSchema }),
    z.object({
      kind: z.literal('percent'),
      percent: z.number({ error: percentMessage }).int({ error: percentMessage }).min(1, { error: percentMessage }).max(100, { error: percentMessage }),
    }),
    z.object({ kind: z.literal('full') }),
  ],
  { error: 'kind must be none, fixed, percent or full' },
);
export type DepositPolicy = z.infer<typeof depositPolicySchema>;

/** A treatment or package booking knows, its price as booking has it, and its deposit policy (`none` until set). */
export const depositPolicyEntrySchema = z.object({
  itemId: z.string(),
  kind: z.enum(['treatment', 'package']),
  name: z.string(),
  offeringType: offeringTypeSchema,
  /** Its one price in centavos; null when its price is a range or words. */
  priceCentavos: z.number().int().nullable(),
  policy: depositPolicySchema,
});
export type DepositPolicyEntry = z.infer<typeof depositPolicyEntrySchema>;

export const depositPolicyParamsSchema = z.object({ itemId: z.string().trim().min(1).max(100) });

/** Deposit settings of an offering until staff change them: a 15-minute hold, no no-show rule. */
export const DEFAULT_DEPOSIT_SETTINGS = { holdMinutes: 15, noShowRule: 0, noShowDeposit: 50_000 } as const;
export const NO_SHOW_RULES = [0, 1, 2] as const;
/** How far back no-shows count for the no-show rule. */
export const NO_SHOW_MONTHS = 12;

export const depositSettingsSchema = z.object({
  offeringType: sideSchema,
  /** Minutes an appointment's places are held while the visitor pays its deposit. */
  holdMinutes: z.number().int(),
  /**
   * No-shows in the last 12 months (by the contact's e-mail or phone) from which a booking must
   * pay `noShowDeposit` even where its items ask for none; 0: off.
   */
  noShowRule: z.number().int(),
  /** Centavos. */
  noShowDeposit: z.number().int(),
});
export type DepositSettings = z.infer<typeof depositSettingsSchema>;

const holdMessage = 'holdMinutes must be a whole number from 5 to 120';
/** Any of the fields; those left out keep their value (their default on first save). */
export const depositSettingsUpdateSchema = z
  .object({
    holdMinutes: z.number({ error: holdMessage }).int({ error: holdMessage }).min(5, { error: holdMessage }).max(120, { error: holdMessage }).optional(),
    noShowRule: z
      .union(
        NO_SHOW_RULES.map((n) => z.literal(n)),
        { error: 'noShowRule must be 0 (off), 1 or 2' },
      )
      .optional(),
    noShowDeposit: centavosSchema.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), { error: 'give at least one of holdMinutes, noShowRule, noShowDeposit' });
export type DepositSettingsUpdate = z.input<typeof depositSettingsUpdateSchema>;

export const DEPOSIT_MESSAGES = {
  noPrice: (name: string) => `${name} has no single price (its price is a range or words), so its deposit cannot be a share of it: set a fixed amount.`,
  unknownItem: 'No treatment or package with this id',
  awaiting: 'This booking waits for its deposit: it can be changed once paid.',
  notPaid: 'This booking was never paid: it cannot be opened again. Please book it again.',
} as const;

const tag = 'Deposits';
export const depositRoutes = {
  policies: route({
    method: 'get',
    path: '/api/deposit-policies',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Every treatment and package with its price and deposit policy',
    response: z.array(depositPolicyEntrySchema),
  }),
  savePolicy: route({
    method: 'put',
    path: '/api/deposit-policies/:itemId',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Set what a treatment or package asks to be paid ahead: none, a fixed amount, a percentage of its price, or its price',
    description: 'A percentage or the full price needs the item to have one price (400 otherwise, naming it). Bookings from now on follow it.',
    params: depositPolicyParamsSchema,
    body: depositPolicySchema,
    response: depositPolicyEntrySchema,
  }),
  settings: route({
    method: 'get',
    path: '/api/deposit-settings/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Deposit settings of an offering: the hold while a visitor pays, the no-show rule',
    params: z.object({ offering: sideSchema }),
    response: depositSettingsSchema,
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/deposit-settings/:offering',
    service: 'booking',
    access: 'admin',
    roles: MANAGEMENT,
    tag,
    summary: 'Change the hold while a visitor pays and the no-show rule of an offering',
    params: z.object({ offering: sideSchema }),
    body: depositSettingsUpdateSchema,
    response: depositSettingsSchema,
  }),
} as const;

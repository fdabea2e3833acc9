import { appointmentReference, type DepositMailKind, type DepositPurpose, type EventData, type NotificationSettings, type Side } from '@bb/contracts';
import { manageUrl, siteUrl, type RenderedMail } from './appointment-mails';
import { renderHtml, renderText, type MailBody } from './mail-layout';
import { manilaClock, manilaDateTime } from './manila-format';

/** What this service keeps of a deposit booking asked for (booking.deposit.requested): the payment events name no customer. */
export interface DepositFacts {
  appointmentId: string;
  offeringType: Side;
  /** Centavos. */
  amount: number;
  purpose: DepositPurpose;
  customerName: string;
  customerEmail: string;
  /** What is paid for, in booking's words ("Hydrating Facial on 2026-12-01 at 10:00"). */
  description: string;
  startTime: Date;
  holdExpiresAt: Date;
}

/** Which deposit mail, and what only that kind is written from. */
export type DepositMail =
  | { kind: Extract<DepositMailKind, 'payment-request' | 'payment-reminder' | 'slot-lost'> }
  | { kind: 'payment-receipt'; paid: Pick<EventData<'payments.payment.paid'>, 'amount' | 'method' | 'methodType' | 'paidAt'> }
  | { kind: 'refund-notice'; refunded: Pick<EventData<'payments.payment.refunded'>, 'amount'> };

export type DepositMailInput = {
  deposit: DepositFacts;
  /** The manage link's token; a stored mail is written with MANAGE_TOKEN_PLACEHOLDER, the token goes in at sending. */
  manageToken: string;
  settings: NotificationSettings;
  publicUrl: string;
} & DepositMail;

/** Centavos as pesos the way a receipt writes them: "₱1,500.00". Integer arithmetic, so no locale or rounding decides it. */
export function formatCentavos(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(centavos) / 100);
  const cents = Math.abs(centavos) % 100;
  return `${sign}₱${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents).padStart(2, '0')}`;
}

/** PayMongo's payment method types as customers know them. */
const METHOD_TYPES: Record<string, string> = {
  gcash: 'GCash',
  paymaya: 'Maya',
  maya: 'Maya',
  qrph: 'QR Ph',
  card: 'Card',
  grab_pay: 'GrabPay',
  dob: 'Online banking',
  billease: 'BillEase',
};

/** How a deposit was paid, in words: the e-wallet or card through the checkout, or a transfer staff checked. */
export function paymentMethodLabel(method: 'paymongo' | 'transfer', methodType: string | null): string {
  if (method === 'transfer') return methodType ? `Transfer (${METHOD_TYPES[methodType] ?? methodType})` : 'Transfer';
  return methodType ? (METHOD_TYPES[methodType] ?? methodType) : 'Online payment';
}

/**
 * When the one reminder of a hold goes: `leadMs` before the hold ends (five minutes by default),
 * or half-way through what is left of it when that is shorter. None when it would leave less
 * than a fifth of the lead (a minute by default): too little to pay in.
 */
export function depositReminderDueAt(holdExpiresAt: Date, now: Date, leadMs: number): Date | null {
  const left = holdExpiresAt.getTime() - now.getTime();
  const lead = Math.min(leadMs, left / 2);
  if (lead < leadMs / 5) return null;
  return new Date(holdExpiresAt.getTime() - Math.round(lead));
}

/** Whether a payment came while its time was still held: booking then confirms it for sure. */
export const paidInTime = (paidAt: Date, holdExpiresAt: Date): boolean => paidAt.getTime() <= holdExpiresAt.getTime();

/** The pay page of an appointment, from its manage link's token. */
export const payUrl = (publicUrl: string, token: string): string => siteUrl(publicUrl, `/pay/${encodeURIComponent(token)}`);

const greetingOf = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hello,');

/** What each kind says. A receipt promises the confirmation only for a payment made within the hold; one after it may find its time taken. */
function bodyOf(input: DepositMailInput): MailBody {
  const { deposit: d, settings } = input;
  const business = settings.senderName;
  const full = d.purpose === 'full';
  // "your deposit of ₱…", "your payment of ₱…" (the whole price paid ahead).
  const what = full ? 'payment' : 'deposit';
  const amount = formatCentavos(d.amount);
  const when = manilaDateTime(d.startTime);
  const heldUntil = `${manilaClock(d.holdExpiresAt)} (Manila time)`;
  const reference = { label: 'Reference', value: appointmentReference(d.appointmentId) };
  const booking = [
    { label: 'For', value: d.description },
    { label: 'When', value: when },
  ];
  const pay = { label: `Pay ${amount}`, url: payUrl(input.publicUrl, input.manageToken) };
  const base = {
    side: d.offeringType,
    businessName: business,
    footer: `You receive this e-mail because an appointment was booked with ${business} for this address. Please quote your reference when you contact us.`,
  };
  const greeting = greetingOf(d.customerName);

  switch (input.kind) {
    case 'payment-request':
      return {
        ...base,
        subject: full ? `Pay for your booking to keep your time at ${business}` : `Pay your deposit to keep your time at ${business}`,
        preheader: `${amount} by ${heldUntil} keeps ${when} for you.`,
        heading: 'Your time is held while you pay',
        paragraphs: [
          greeting,
          `Thank you for booking with ${business}. We hold your time until ${heldUntil}: pay ${full ? 'the full price' : 'the deposit'} of ${amount} before then to confirm your booking.`,
        ],
        details: [{ label: 'Amount', value: amount }, ...booking, { label: 'Held until', value: manilaDateTime(d.holdExpiresAt) }, reference],
        action: pay,
        closing: [
          'The button opens the payment page, where you choose how to pay.',
          'If the time passes unpaid, your time is released for others and nothing is charged.',
          `Thank you,\n${business}`,
        ],
      };
    case 'payment-reminder':
      return {
        ...base,
        subject: `Reminder: your time at ${business} is held until ${manilaClock(d.holdExpiresAt)}`,
        preheader: `Pay ${amount} by ${heldUntil} to keep ${when}.`,
        heading: 'Your time is still waiting for you',
        paragraphs: [greeting, `Your booking with ${business} is not paid yet. We hold your time until ${heldUntil}; after that it is released for others.`],
        details: [{ label: 'Amount', value: amount }, ...booking, { label: 'Held until', value: manilaDateTime(d.holdExpiresAt) }, reference],
        action: pay,
        closing: ['Paid or sent your receipt already? Then there is nothing more to do.', `Thank you,\n${business}`],
      };
    case 'payment-receipt': {
      const paid = formatCentavos(input.paid.amount);
      const paidAt = new Date(input.paid.paidAt);
      return {
        ...base,
        subject: `Receipt: ${paid} paid to ${business}`,
        preheader: `We have received your ${what} of ${paid}.`,
        heading: 'Thank you for your payment',
        paragraphs: [
          greeting,
          paidInTime(paidAt, d.holdExpiresAt)
            ? `We have received your ${what} of ${paid}. Your booking is confirmed: the confirmation with the calendar file follows in a separate e-mail.`
            : `We have received your ${what} of ${paid}, after the time we held for you had ended. If your time is still free, it is yours and the confirmation with the calendar file follows in a separate e-mail; if it was taken meanwhile, we refund you in full and let you know.`,
        ],
        details: [
          { label: 'Amount paid', value: paid },
          { label: 'Paid by', value: paymentMethodLabel(input.paid.method, input.paid.methodType) },
          { label: 'Paid on', value: manilaDateTime(paidAt) },
          ...booking,
          reference,
        ],
        action: { label: 'View your booking', url: manageUrl(input.publicUrl, input.manageToken) },
        closing: ['Please keep this e-mail as your receipt.', `Thank you,\n${business}`],
      };
    }
    case 'refund-notice': {
      const refunded = formatCentavos(input.refunded.amount);
      return {
        ...base,
        subject: `Refund: ${refunded} from ${business}`,
        preheader: `We have refunded ${refunded} of your ${what}.`,
        heading: 'Your refund is on its way',
        paragraphs: [
          greeting,
          `We have refunded ${refunded} of your ${what} for this booking. It goes back the way you paid; depending on your bank or e-wallet it may take a few days to show.`,
        ],
        details: [{ label: 'Amount refunded', value: refunded }, ...booking, reference],
        closing: [`We hope to see you another time,\n${business}`],
      };
    }
    case 'slot-lost':
      return {
        ...base,
        subject: `We could not keep your time at ${business}`,
        preheader: `Your ${what} of ${amount} is refunded in full.`,
        heading: 'We could not keep your time',
        paragraphs: [
          greeting,
          `Your payment reached us after the time we held for you had ended, and we could not keep ${when} for you. We are sorry. Your ${what} of ${amount} is refunded in full; another e-mail tells you once the refund is made.`,
        ],
        details: [{ label: 'Amount', value: amount }, ...booking, reference],
        action: { label: 'Book another time', url: siteUrl(input.publicUrl, `/${d.offeringType}`) },
        closing: [`We hope to see you another time,\n${business}`],
      };
  }
}

/** Writes one deposit mail: subject, HTML and plain text. No I/O. */
export async function renderDepositMail(input: DepositMailInput): Promise<RenderedMail> {
  const body = bodyOf(input);
  return { subject: body.subject, html: await renderHtml(body), text: renderText(body), attachments: [] };
}

import {
  depositReminderDueAt,
  formatCentavos,
  paidInTime,
  paymentMethodLabel,
  payUrl,
  renderDepositMail,
  type DepositFacts,
  type DepositMail,
} from '../src/domain/deposit-mails';
import { depositMailId } from '../src/domain/mail-ids';
import { MANAGE_TOKEN_PLACEHOLDER } from '../src/domain/manage-link';
import { outgoingMail } from '../src/domain/outgoing-mail';
import { recipientCountOf } from '../src/domain/recipient-limit';
import { defaultSettings } from '../src/domain/settings';
import { PUBLIC_URL, hrefs } from './support/mail-fixtures';

const MINUTE_MS = 60_000;

const deposit = (over: Partial<DepositFacts> = {}): DepositFacts => ({
  appointmentId: '665f1c2e9b1d4a0012abcd34',
  offeringType: 'clinic',
  amount: 150_000,
  purpose: 'deposit',
  customerName: 'Ana Cruz',
  customerEmail: 'ana@example.com',
  description: 'Hydrating Facial on 2026-12-01 at 10:00',
  // 10:00 in Manila; held until 9:15 AM Manila on the day before.
  startTime: new Date('2026-12-01T02:00:00.000Z'),
  holdExpiresAt: new Date('2026-11-30T01:15:00.000Z'),
  ...over,
});
const render = (mail: DepositMail, over: Partial<DepositFacts> = {}) =>
  renderDepositMail({ ...mail, deposit: deposit(over), settings: defaultSettings('clinic'), manageToken: MANAGE_TOKEN_PLACEHOLDER, publicUrl: PUBLIC_URL });
const TOKEN = 'A'.repeat(32);
/** The mail as it goes out, with the appointment's token in its links. */
const sent = async (mail: DepositMail, over: Partial<DepositFacts> = {}) => {
  const content = await render(mail, over);
  const out = outgoingMail(
    {
      ...content,
      kind: mail.kind,
      appointmentId: deposit().appointmentId,
      recipient: 'ana@example.com',
      from: { name: 'Lumière Clinic', address: 'clinic@x.test' },
      messageId: '<m@x>',
    },
    () => TOKEN,
  );
  if (!out.ok) throw new Error(out.reason);
  return out.mail;
};
const receipt = (paidAt: string): DepositMail => ({ kind: 'payment-receipt', paid: { amount: 150_000, method: 'paymongo', methodType: 'gcash', paidAt } });

describe('amounts in pesos', () => {
  it.each([
    [150_000, '₱1,500.00'],
    [2_000, '₱20.00'],
    [5, '₱0.05'],
    [99, '₱0.99'],
    [123_456_789, '₱1,234,567.89'],
    [0, '₱0.00'],
  ])('writes %d centavos as %s', (centavos, text) => {
    expect(formatCentavos(centavos)).toBe(text);
  });
});

describe('how a deposit was paid, in words', () => {
  it('names the e-wallet or card of a checkout, and a transfer as a transfer', () => {
    expect(paymentMethodLabel('paymongo', 'gcash')).toBe('GCash');
    expect(paymentMethodLabel('paymongo', 'paymaya')).toBe('Maya');
    expect(paymentMethodLabel('paymongo', 'qrph')).toBe('QR Ph');
    expect(paymentMethodLabel('paymongo', 'card')).toBe('Card');
    expect(paymentMethodLabel('paymongo', null)).toBe('Online payment');
    expect(paymentMethodLabel('paymongo', 'something_new')).toBe('something_new');
    expect(paymentMethodLabel('transfer', null)).toBe('Transfer');
    expect(paymentMethodLabel('transfer', 'gcash')).toBe('Transfer (GCash)');
  });
});

describe('when the reminder of a hold goes', () => {
  const now = new Date('2026-11-30T01:00:00.000Z');
  const holdIn = (ms: number) => new Date(now.getTime() + ms);
  const LEAD = 5 * MINUTE_MS;

  it('five minutes before a 15-minute hold ends', () => {
    expect(depositReminderDueAt(holdIn(15 * MINUTE_MS), now, LEAD)).toEqual(holdIn(10 * MINUTE_MS));
  });

  it('half-way through a hold shorter than twice the lead', () => {
    expect(depositReminderDueAt(holdIn(6 * MINUTE_MS), now, LEAD)).toEqual(holdIn(3 * MINUTE_MS));
    expect(depositReminderDueAt(holdIn(2 * MINUTE_MS), now, LEAD)).toEqual(holdIn(MINUTE_MS));
  });

  it('not at all when less than a fifth of the lead would be left, nor for a hold that has ended', () => {
    expect(depositReminderDueAt(holdIn(MINUTE_MS + 59_000), now, LEAD)).toBeNull();
    expect(depositReminderDueAt(holdIn(0), now, LEAD)).toBeNull();
    expect(depositReminderDueAt(holdIn(-MINUTE_MS), now, LEAD)).toBeNull();
  });
});

describe('the payment request', () => {
  it('asks for the amount in pesos by the end of the hold in Manila time, for what was booked, with the pay link', async () => {
    const mail = await sent({ kind: 'payment-request' });
    const link = `https://booking.example.com/pay/${TOKEN}`;
    expect(payUrl(PUBLIC_URL, TOKEN)).toBe(link);
    expect(mail.subject).toBe('Pay your deposit to keep your time at Lumière Clinic');
    expect(mail.text).toContain('pay the deposit of ₱1,500.00 before then');
    expect(mail.text).toContain('We hold your time until 9:15 AM (Manila time)');
    expect(mail.text).toContain('For: Hydrating Facial on 2026-12-01 at 10:00');
    expect(mail.text).toContain('When: Tuesday, 1 December 2026, 10:00 AM');
    expect(mail.text).toContain('Held until: Monday, 30 November 2026, 9:15 AM');
    expect(mail.text).toContain('Reference: 12ABCD34');
    expect(mail.text).toContain(`Pay ₱1,500.00: ${link}`);
    expect(hrefs(mail.html)).toEqual([link]);
    expect(mail.attachments).toEqual([]);
  });

  it('asks for the full price when the whole price is paid ahead', async () => {
    const mail = await render({ kind: 'payment-request' }, { purpose: 'full' });
    expect(mail.subject).toBe('Pay for your booking to keep your time at Lumière Clinic');
    expect(mail.text).toContain('pay the full price of ₱1,500.00 before then');
  });

  it('never lets a name or a description become markup', async () => {
    const mail = await render({ kind: 'payment-request' }, { customerName: '<b>Ana</b>', description: '<img src=x onerror=alert(1)>' });
    expect(mail.html).not.toContain('<b>Ana</b>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
  });
});

describe('the reminder', () => {
  it('says the time is still held until the end, in Manila time, with the pay link', async () => {
    const mail = await sent({ kind: 'payment-reminder' });
    expect(mail.subject).toBe('Reminder: your time at Lumière Clinic is held until 9:15 AM');
    expect(mail.text).toContain('We hold your time until 9:15 AM (Manila time)');
    expect(hrefs(mail.html)).toEqual([`https://booking.example.com/pay/${TOKEN}`]);
  });
});

describe('the receipt', () => {
  it('gives the amount, the method and the time paid, and says the booking is confirmed with its calendar file to follow', async () => {
    expect(paidInTime(new Date('2026-11-30T01:10:00.000Z'), deposit().holdExpiresAt)).toBe(true);
    const mail = await sent(receipt('2026-11-30T01:10:00.000Z'));
    expect(mail.subject).toBe('Receipt: ₱1,500.00 paid to Lumière Clinic');
    expect(mail.text).toContain('Amount paid: ₱1,500.00');
    expect(mail.text).toContain('Paid by: GCash');
    expect(mail.text).toContain('Paid on: Monday, 30 November 2026, 9:10 AM');
    expect(mail.text).toContain('Your booking is confirmed: the confirmation with the calendar file follows in a separate e-mail.');
    expect(hrefs(mail.html)).toEqual([`https://booking.example.com/manage/${TOKEN}`]);
  });

  it('promises no confirmation for a payment after the hold ended: the time may have been taken', async () => {
    expect(paidInTime(new Date('2026-11-30T01:16:00.000Z'), deposit().holdExpiresAt)).toBe(false);
    const mail = await render(receipt('2026-11-30T01:16:00.000Z'));
    expect(mail.text).not.toContain('Your booking is confirmed');
    expect(mail.text).toContain('after the time we held for you had ended');
    expect(mail.text).toContain('we refund you in full');
  });
});

describe('the refund notice and the slot-lost notice', () => {
  it('the refund notice gives the amount refunded', async () => {
    const mail = await render({ kind: 'refund-notice', refunded: { amount: 75_000 } });
    expect(mail.subject).toBe('Refund: ₱750.00 from Lumière Clinic');
    expect(mail.text).toContain('We have refunded ₱750.00 of your deposit');
    expect(mail.text).toContain('Amount refunded: ₱750.00');
  });

  it('the slot-lost notice says the time could not be kept and the deposit is refunded in full, with a way to book again', async () => {
    const mail = await render({ kind: 'slot-lost' });
    expect(mail.subject).toBe('We could not keep your time at Lumière Clinic');
    expect(mail.text).toContain('we could not keep Tuesday, 1 December 2026, 10:00 AM for you');
    expect(mail.text).toContain('Your deposit of ₱1,500.00 is refunded in full');
    expect(hrefs(mail.html)).toEqual(['https://booking.example.com/clinic']);
  });
});

describe('deposit mail ids and the per-address count', () => {
  it('one request and one reminder per appointment, a receipt per payment, a refund notice per payment and amount', () => {
    const id = deposit().appointmentId;
    expect(depositMailId(id, 'payment-request')).toBe(depositMailId(id, 'payment-request'));
    expect(depositMailId(id, 'payment-request')).not.toBe(depositMailId(id, 'payment-reminder'));
    expect(depositMailId(id, 'payment-receipt', 'p1')).not.toBe(depositMailId(id, 'payment-receipt', 'p2'));
    expect(depositMailId(id, 'refund-notice', 'p1|100')).not.toBe(depositMailId(id, 'refund-notice', 'p1|200'));
  });

  it('counts an address in any case as one, per UTC hour, and keeps no address', () => {
    const at = new Date('2026-11-30T01:59:59.000Z');
    const count = recipientCountOf(' Ana@Example.com ', at);
    expect(count).toEqual(recipientCountOf('ana@example.com', new Date('2026-11-30T01:00:00.000Z')));
    expect(count.hour).toBe('2026-11-30T01');
    expect(count._id).not.toContain('ana');
    expect(recipientCountOf('ana@example.com', new Date('2026-11-30T02:00:00.000Z'))._id).not.toBe(count._id);
  });
});

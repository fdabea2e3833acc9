import documented from '../../../scripts/servers/paymongo/documented-examples.json';
import {
  eventReferences,
  methodTypeOf,
  paidPaymentOf,
  paymongoEventSchema,
  paymongoPaymentSchema,
  paymongoRefundSchema,
  paymongoSessionSchema,
} from '../src/domain/paymongo-resources';

// The examples of PayMongo's API reference the local double follows (each cites its page):
// the shapes payments reads must be read from them as they are.
const OURS = '65f000000000000000000001';
const withMetadata = <T extends { attributes: object }>(resource: T, metadata: Record<string, string> | null): T => ({
  ...resource,
  attributes: { ...resource.attributes, metadata },
});
const eventOf = (type: string, resource: unknown, livemode = false) => ({
  data: { ...documented.event.example.data, attributes: { ...documented.event.example.data.attributes, type, livemode, data: resource } },
});
const refsOf = (body: unknown) => eventReferences(paymongoEventSchema.parse(body));

describe("PayMongo's resources as documented", () => {
  it('read a checkout session, a payment and a refund', () => {
    const session = paymongoSessionSchema.parse(documented.checkout_session.example);
    expect(session.attributes).toMatchObject({ status: 'active', checkout_url: expect.any(String), payment_intent: { id: 'pi_ExamplePaymentIntent000001' } });
    const payment = paymongoPaymentSchema.parse(documented.payment.example);
    expect(payment.attributes).toMatchObject({ amount: 50000, status: 'paid', payment_intent_id: 'pi_ExamplePaymentIntent000001', paid_at: 1700000000 });
    expect(methodTypeOf(payment)).toBe('gcash');
    const refund = paymongoRefundSchema.parse(documented.refund.example);
    expect(refund.attributes).toMatchObject({ amount: 50000, payment_id: 'pay_ExamplePayment0000000001', status: 'succeeded' });
  });

  it('find the payment that paid a session, and none in a session not paid', () => {
    const open = paymongoSessionSchema.parse(documented.checkout_session.example);
    expect(paidPaymentOf(open)).toBeUndefined();
    const failed = withMetadata({ ...documented.payment.example, attributes: { ...documented.payment.example.attributes, status: 'failed' } }, null);
    const paid = paymongoSessionSchema.parse({
      ...documented.checkout_session.example,
      attributes: { ...documented.checkout_session.example.attributes, payments: [failed, documented.payment.example] },
    });
    expect(paidPaymentOf(paid)?.id).toBe('pay_ExamplePayment0000000001');
  });

  it('know a card payment by its source, and an unknown source as none', () => {
    const card = paymongoPaymentSchema.parse({
      ...documented.payment.example,
      attributes: { ...documented.payment.example.attributes, source: { type: 'card' } },
    });
    expect(methodTypeOf(card)).toBe('card');
    const other = paymongoPaymentSchema.parse({
      ...documented.payment.example,
      attributes: { ...documented.payment.example.attributes, source: { type: 'billease' } },
    });
    expect(methodTypeOf(other)).toBeNull();
  });
});

describe('what an event is about', () => {
  it('checkout_session.payment.paid: the session, its payment intent, and our id from its metadata', () => {
    const session = withMetadata(documented.checkout_session.example, { paymentId: OURS, appointmentId: 'a1' });
    expect(refsOf(eventOf('checkout_session.payment.paid', session))).toEqual({
      eventId: 'evt_ExampleEvent00000000001',
      type: 'checkout_session.payment.paid',
      paymentId: OURS,
      checkoutSessionId: 'cs_ExampleCheckoutSession0001',
      paymentIntentId: 'pi_ExamplePaymentIntent000001',
    });
  });

  it('payment.paid: the payment and its intent (without our metadata too)', () => {
    expect(refsOf(eventOf('payment.paid', documented.payment.example))).toEqual({
      eventId: 'evt_ExampleEvent00000000001',
      type: 'payment.paid',
      paymentId: undefined,
      paymongoPaymentId: 'pay_ExamplePayment0000000001',
      paymentIntentId: 'pi_ExamplePaymentIntent000001',
    });
  });

  it('payment.failed: also what failed, to tell the visitor, and with what', () => {
    const failed = {
      ...documented.payment.example,
      attributes: { ...documented.payment.example.attributes, status: 'failed', failed_message: 'Insufficient balance.' },
    };
    expect(refsOf(eventOf('payment.failed', failed))?.failure).toEqual({
      paymongoPaymentId: 'pay_ExamplePayment0000000001',
      message: 'Insufficient balance.',
      methodType: 'gcash',
    });
  });

  it('payment.refund.updated: the refund and the payment it refunds', () => {
    expect(refsOf(eventOf('payment.refund.updated', documented.refund.example))).toMatchObject({
      refundId: 'ref_ExampleRefund00000000001',
      paymongoPaymentId: 'pay_ExamplePayment0000000001',
    });
  });

  it('takes only an id of ours from metadata, and nothing from a resource of another kind', () => {
    const forged = withMetadata(documented.payment.example, { paymentId: '{"$gt":""}' });
    expect(refsOf(eventOf('payment.paid', forged))?.paymentId).toBeUndefined();
    expect(refsOf(eventOf('source.chargeable', { id: 'src_1', type: 'source', attributes: {} }))).toBeNull();
  });

  it('is not read from a body that is no event', () => {
    expect(paymongoEventSchema.safeParse({ data: { id: 'x', type: 'payment', attributes: {} } }).success).toBe(false);
    expect(paymongoEventSchema.safeParse([]).success).toBe(false);
  });
});

// What the API accepts, with PayMongo's error codes (parameter_required, parameter_invalid,
// parameter_data_type_invalid, parameter_format_invalid, parameter_below_minimum,
// parameter_above_maximum) and a dotted pointer per attribute. Each check returns the cleaned
// attributes or every error found, never a partial write.
import { apiError } from './http.mjs';

/** Payment method types of PayMongo's checkout; the page has a button for each. */
export const PAYMENT_METHOD_TYPES = [
  'gcash',
  'paymaya',
  'qrph',
  'card',
  'grab_pay',
  'shopee_pay',
  'billease',
  'dob',
  'dob_ubp',
  'brankas_bdo',
  'brankas_landbank',
  'brankas_metrobank',
];

/** The event types a webhook may subscribe to (PayMongo's webhook reference). */
export const EVENT_TYPES = [
  'checkout_session.payment.paid',
  'payment.paid',
  'payment.failed',
  'payment.refunded',
  'payment.refund.updated',
  'source.chargeable',
  'link.payment.paid',
  'qrph.expired',
];

export const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'others'];

/** PayMongo's smallest and largest payment, in centavos (₱20.00 and ₱9,999,999.99). */
export const MIN_PAYMENT = 2000;
export const MAX_PAYMENT = 999999999;
/** The smallest refund the Refund resource documents. */
export const MIN_REFUND = 100;

const MAX_LINE_ITEMS = 100;
const MAX_METADATA_KEYS = 50;

/** The `data.attributes` of a create or update request, or a 400 naming what is missing. */
export function attributesOf(body) {
  const data = body.data;
  if (data === undefined) return { errors: [apiError('parameter_required', 'data is required.', 'data')] };
  if (!isObject(data)) return { errors: [apiError('parameter_data_type_invalid', 'data must be an object.', 'data')] };
  if (data.attributes === undefined) return { errors: [apiError('parameter_required', 'data.attributes is required.', 'data.attributes')] };
  if (!isObject(data.attributes)) return { errors: [apiError('parameter_data_type_invalid', 'data.attributes must be an object.', 'data.attributes')] };
  return { value: data.attributes };
}

/** POST /v1/checkout_sessions */
export function checkoutSessionInput(a) {
  const v = new Checker();
  const lineItems = v.array(a, 'line_items', { required: true, min: 1, max: MAX_LINE_ITEMS });
  const items = (lineItems ?? []).map((item, i) => {
    const at = `line_items.${i}`;
    if (!isObject(item)) {
      v.fail('parameter_data_type_invalid', `${at} must be an object.`, at);
      return null;
    }
    const out = {
      amount: v.integer(item, 'amount', { required: true, min: 1, max: MAX_PAYMENT, at }),
      currency: v.oneOf(item, 'currency', ['PHP'], { required: true, at }),
      name: v.string(item, 'name', { required: true, max: 255, at }),
      quantity: v.integer(item, 'quantity', { required: true, min: 1, max: 10000, at }),
    };
    const description = v.string(item, 'description', { max: 255, at });
    if (description !== undefined) out.description = description;
    const images = v.array(item, 'images', { max: 10, at });
    if (images !== undefined) out.images = images.map((_, j) => v.url(images, j, { at: `${at}.images` }));
    return out;
  });
  const methods = v.array(a, 'payment_method_types', { required: true, min: 1, max: PAYMENT_METHOD_TYPES.length });
  const paymentMethodTypes = [...new Set((methods ?? []).map((_, i) => v.oneOf(methods, i, PAYMENT_METHOD_TYPES, { at: 'payment_method_types' })))];
  const input = {
    line_items: items,
    payment_method_types: paymentMethodTypes,
    success_url: v.url(a, 'success_url') ?? null,
    cancel_url: v.url(a, 'cancel_url') ?? null,
    description: v.string(a, 'description', { max: 1000 }) ?? null,
    reference_number: v.string(a, 'reference_number', { max: 255 }) ?? null,
    send_email_receipt: v.boolean(a, 'send_email_receipt') ?? false,
    show_description: v.boolean(a, 'show_description') ?? true,
    show_line_items: v.boolean(a, 'show_line_items') ?? true,
    metadata: v.metadata(a, 'metadata') ?? null,
    billing: v.billing(a, 'billing') ?? null,
  };
  if (v.errors.length === 0) {
    const total = items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (total < MIN_PAYMENT) v.fail('parameter_below_minimum', `The total of the line items must be at least ${MIN_PAYMENT}.`, 'line_items');
    if (total > MAX_PAYMENT) v.fail('parameter_above_maximum', `The total of the line items cannot be greater than ${MAX_PAYMENT}.`, 'line_items');
  }
  return v.result(input);
}

/** POST /v1/refunds (the payment's own rules, what is left to refund, are the caller's). */
export function refundInput(a) {
  const v = new Checker();
  const input = {
    amount: v.integer(a, 'amount', { required: true, min: MIN_REFUND, max: MAX_PAYMENT }),
    payment_id: v.string(a, 'payment_id', { required: true, max: 64 }),
    reason: v.oneOf(a, 'reason', REFUND_REASONS, { required: true }),
    notes: v.string(a, 'notes', { max: 255 }) ?? null,
    metadata: v.metadata(a, 'metadata') ?? null,
  };
  return v.result(input);
}

/** POST /v1/webhooks (both required) and PUT /v1/webhooks/:id (either). */
export function webhookInput(a, { partial }) {
  const v = new Checker();
  const input = {};
  const url = v.url(a, 'url', { required: !partial });
  if (url !== undefined) input.url = url;
  const events = v.array(a, 'events', { required: !partial, min: 1, max: EVENT_TYPES.length });
  if (events !== undefined) input.events = [...new Set(events.map((_, i) => v.oneOf(events, i, EVENT_TYPES, { at: 'events' })))];
  return v.result(input);
}

/** POST /__control/checkout_sessions/:id/outcome */
export function outcomeInput(body) {
  const v = new Checker('');
  const outcome = v.oneOf(body, 'outcome', ['paid', 'failed', 'abandoned'], { required: true });
  const method = v.oneOf(body, 'method', PAYMENT_METHOD_TYPES);
  return v.result({ outcome, method });
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Collects errors while reading attributes; `prefix` is where the attributes sit in the body. */
class Checker {
  constructor(prefix = 'attributes') {
    this.prefix = prefix;
    this.errors = [];
  }

  pointer(at, key) {
    return [this.prefix, this.name(at, key)].filter(Boolean).join('.');
  }

  fail(code, detail, pointerFromAttributes) {
    this.errors.push(apiError(code, detail, [this.prefix, pointerFromAttributes].filter(Boolean).join('.')));
  }

  result(value) {
    return this.errors.length > 0 ? { errors: this.errors } : { value };
  }

  /** The value of `key`, or undefined (with an error when it is required). */
  present(obj, key, { required, at }) {
    const value = obj[key];
    if (value === undefined || value === null) {
      if (required) this.errors.push(apiError('parameter_required', `${this.name(at, key)} is required.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  /** `key` may be an array index: `line_items.0`. */
  name(at, key) {
    return [at, key].filter((part) => part !== undefined && part !== '').join('.');
  }

  typeError(at, key, what) {
    this.errors.push(apiError('parameter_data_type_invalid', `${this.name(at, key)} must be ${what}.`, this.pointer(at, key)));
    return undefined;
  }

  string(obj, key, { required = false, max, at } = {}) {
    const value = this.present(obj, key, { required, at });
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.typeError(at, key, 'a string');
    if (required && value.trim() === '') {
      this.errors.push(apiError('parameter_required', `${this.name(at, key)} cannot be blank.`, this.pointer(at, key)));
      return undefined;
    }
    if (max !== undefined && value.length > max) {
      this.errors.push(apiError('parameter_above_maximum', `${this.name(at, key)} must be at most ${max} characters.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  integer(obj, key, { required = false, min, max, at } = {}) {
    const value = this.present(obj, key, { required, at });
    if (value === undefined) return undefined;
    if (!Number.isInteger(value)) return this.typeError(at, key, 'an integer (amounts are in centavos)');
    if (min !== undefined && value < min) {
      this.errors.push(apiError('parameter_below_minimum', `The minimum value for ${this.name(at, key)} is ${min}.`, this.pointer(at, key)));
      return undefined;
    }
    if (max !== undefined && value > max) {
      this.errors.push(apiError('parameter_above_maximum', `${this.name(at, key)} cannot be greater than ${max}.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  boolean(obj, key, { at } = {}) {
    const value = this.present(obj, key, { required: false, at });
    if (value === undefined) return undefined;
    return typeof value === 'boolean' ? value : this.typeError(at, key, 'a boolean');
  }

  oneOf(obj, key, allowed, { required = false, at } = {}) {
    const value = this.string(obj, key, { required, at });
    if (value === undefined) return undefined;
    if (!allowed.includes(value)) {
      this.errors.push(apiError('parameter_invalid', `${this.name(at, key)} must be one of ${allowed.join(', ')}.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  array(obj, key, { required = false, min = 0, max, at } = {}) {
    const value = this.present(obj, key, { required, at });
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return this.typeError(at, key, 'an array');
    if (value.length < min) {
      this.errors.push(apiError('parameter_below_minimum', `${this.name(at, key)} must have at least ${min} item(s).`, this.pointer(at, key)));
      return undefined;
    }
    if (max !== undefined && value.length > max) {
      this.errors.push(apiError('parameter_above_maximum', `${this.name(at, key)} must have at most ${max} items.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  url(obj, key, { required = false, at } = {}) {
    const value = this.string(obj, key, { required, max: 2048, at });
    if (value === undefined) return undefined;
    let parsed = null;
    try {
      parsed = new URL(value);
    } catch {
      parsed = null;
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
      this.errors.push(apiError('parameter_format_invalid', `${this.name(at, key)} must be an absolute http or https URL.`, this.pointer(at, key)));
      return undefined;
    }
    return value;
  }

  /** PayMongo's metadata: a flat object of string values. */
  metadata(obj, key) {
    const value = this.present(obj, key, { required: false });
    if (value === undefined) return undefined;
    if (!isObject(value)) return this.typeError(undefined, key, 'an object of string values');
    const entries = Object.entries(value);
    if (entries.length > MAX_METADATA_KEYS) {
      this.errors.push(apiError('parameter_above_maximum', `${key} must have at most ${MAX_METADATA_KEYS} keys.`, this.pointer(undefined, key)));
      return undefined;
    }
    const out = {};
    for (const [k] of entries) {
      if (k.length > 40) this.errors.push(apiError('parameter_above_maximum', `${key} keys must be at most 40 characters.`, this.pointer(key, k.slice(0, 40))));
      else out[k] = this.string(value, k, { max: 500, at: key });
    }
    return out;
  }

  billing(obj, key) {
    const value = this.present(obj, key, { required: false });
    if (value === undefined) return undefined;
    if (!isObject(value)) return this.typeError(undefined, key, 'an object');
    const out = {
      name: this.string(value, 'name', { max: 255, at: key }) ?? null,
      email: this.string(value, 'email', { max: 255, at: key }) ?? null,
      phone: this.string(value, 'phone', { max: 64, at: key }) ?? null,
      address: null,
    };
    const address = this.present(value, 'address', { required: false, at: key });
    if (address !== undefined) {
      if (!isObject(address)) return this.typeError(key, 'address', 'an object');
      const at = `${key}.address`;
      out.address = Object.fromEntries(
        ['line1', 'line2', 'city', 'state', 'postal_code', 'country'].map((field) => [field, this.string(address, field, { max: 255, at }) ?? null]),
      );
    }
    return out;
  }
}

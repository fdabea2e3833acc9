// The hosted checkout page a session's checkout_url opens: the line items and the total in ₱,
// a button per allowed method, "Fail the payment" and "Cancel". It stands for PayMongo's page
// and the wallet's or bank's screens behind it, so a test (or a person) chooses the visitor's
// outcome. Only its forms' POSTs change anything; every answer to a POST is a 303.
import { HttpError, decodeSegment, readBody, redirect, sendHtml } from './http.mjs';
import { totalOf } from './resources.mjs';
import { lookup } from './state.mjs';

const FORM_LIMIT = 4096;

const METHOD_LABELS = { gcash: 'GCash', paymaya: 'Maya', qrph: 'QR Ph', card: 'card', grab_pay: 'GrabPay', shopee_pay: 'ShopeePay', billease: 'BillEase' };
export const methodLabel = (method) => METHOD_LABELS[method] ?? method.replace(/_/g, ' ');

const peso = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
export const formatPeso = (centavos) => peso.format(centavos / 100);

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/**
 * @param {{ state: ReturnType<typeof import('./state.mjs').openState>, actions: ReturnType<typeof import('./actions.mjs').createActions> }} options
 */
export function createCheckoutPage({ state, actions }) {
  /** Answers /checkout/<id>[/pay|/fail|/cancel]. */
  return async function handle(req, res, pathname, searchParams) {
    const match = /^\/checkout\/([^/]+)(?:\/(pay|fail|cancel))?$/.exec(pathname);
    const session = match ? lookup(state.data.sessions, safeDecode(match[1])) : undefined;
    if (!session) {
      sendHtml(res, 404, page('Checkout not found', '<h1>Checkout not found</h1><p>This checkout link does not exist.</p>'));
      return;
    }
    const action = match[2];
    const reading = req.method === 'GET' || req.method === 'HEAD';
    if ((action && req.method !== 'POST') || (!action && !reading)) {
      res.setHeader('allow', action ? 'POST' : 'GET, HEAD');
      sendHtml(res, 405, page('Not allowed', '<h1>Not allowed</h1>'));
      return;
    }
    if (!action) {
      sendHtml(res, 200, checkoutHtml(session, searchParams.get('result')));
      return;
    }
    if (action === 'cancel') {
      // Leaving changes nothing: the session stays active until it is paid or expired.
      redirect(res, session.cancel_url ?? `/checkout/${session.id}?result=cancelled`);
      return;
    }
    let form;
    try {
      form = new URLSearchParams(await readBody(req, FORM_LIMIT));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      sendHtml(res, 413, page('Too large', '<h1>The form was too large</h1>'));
      return;
    }
    const method = form.get('method') ?? '';
    const done = await (action === 'pay' ? actions.pay(session.id, method) : actions.fail(session.id, method));
    if (done.refused === 'method_not_allowed') {
      sendHtml(
        res,
        400,
        page('Payment method not offered', `<h1>Payment method not offered</h1><p><a href="/checkout/${escapeHtml(session.id)}">Back to the checkout</a></p>`),
      );
      return;
    }
    // Already paid or expired: the page says so, and nobody is charged twice.
    if (done.refused) redirect(res, `/checkout/${session.id}`);
    else if (action === 'pay') redirect(res, session.success_url ?? `/checkout/${session.id}`);
    else redirect(res, `/checkout/${session.id}?result=failed`);
  };
}

function safeDecode(segment) {
  try {
    return decodeSegment(segment);
  } catch {
    return '';
  }
}

function checkoutHtml(session, result) {
  const total = totalOf(session.line_items);
  const items = session.show_line_items
    ? `<ul class="items">${session.line_items
        .map(
          (item) =>
            `<li><span>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span><span>${formatPeso(item.amount * item.quantity)}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const description = session.show_description && session.description ? `<p>${escapeHtml(session.description)}</p>` : '';
  const summary = `<h1>${escapeHtml(session.merchant)}</h1>${description}${items}<p class="total">Total <strong>${formatPeso(total)}</strong></p>`;
  const id = escapeHtml(session.id);
  let body;
  if (session.payment_ids.length > 0) {
    const back = session.success_url ? `<p><a class="button" href="${escapeHtml(session.success_url)}">Back to the merchant</a></p>` : '';
    body = `${summary}<p role="status" class="notice">This checkout has already been paid.</p>${back}`;
  } else if (session.status === 'expired') {
    body = `${summary}<p role="status" class="notice">This checkout has expired and can no longer be paid.</p>`;
  } else {
    const notice =
      result === 'failed'
        ? '<p role="alert" class="notice error">The payment failed. Nothing was charged; you may try again.</p>'
        : result === 'cancelled'
          ? '<p role="status" class="notice">You left the checkout. Nothing was charged.</p>'
          : '';
    const payButtons = session.payment_method_types
      .map(
        (method) =>
          `<form method="post" action="/checkout/${id}/pay"><input type="hidden" name="method" value="${escapeHtml(method)}"><button type="submit">Pay with ${escapeHtml(methodLabel(method))}</button></form>`,
      )
      .join('');
    body = `${summary}${notice}
<section aria-label="Pay">${payButtons}</section>
<section aria-label="Other outcomes" class="others">
<form method="post" action="/checkout/${id}/fail"><input type="hidden" name="method" value="${escapeHtml(session.payment_method_types[0])}"><button type="submit" class="secondary">Fail the payment</button></form>
<form method="post" action="/checkout/${id}/cancel"><button type="submit" class="secondary">Cancel</button></form>
</section>`;
  }
  return page(`Pay ${formatPeso(total)} to ${session.merchant}`, body);
}

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 32rem; padding: 1rem; color: #1b1b1b; line-height: 1.5; }
.banner { background: #fff4ce; border: 1px solid #c9a400; padding: .5rem .75rem; border-radius: .5rem; font-size: .9rem; }
.items { list-style: none; padding: 0; }
.items li { display: flex; justify-content: space-between; gap: 1rem; padding: .5rem 0; border-bottom: 1px solid #ddd; }
.total { font-size: 1.25rem; }
form { margin: .75rem 0; }
button, .button { display: block; box-sizing: border-box; width: 100%; min-height: 3rem; font-size: 1.1rem; padding: .75rem 1rem; border-radius: .5rem; border: 2px solid #0b5cad; background: #0b5cad; color: #fff; text-align: center; text-decoration: none; cursor: pointer; }
button.secondary { background: #fff; color: #0b5cad; }
button:focus-visible, .button:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.others { margin-top: 1.5rem; }
.notice { padding: .75rem; border-radius: .5rem; background: #e7f1fb; }
.notice.error { background: #fdecea; color: #8a1c12; }
</style>
</head>
<body>
<main>
<p class="banner">Test payment page: a stand-in for PayMongo's checkout. No money moves.</p>
${body}
</main>
</body>
</html>
`;
}

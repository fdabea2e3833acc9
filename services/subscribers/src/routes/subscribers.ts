import type { Express } from 'express';
import { SUBSCRIBE_MESSAGES, subscriberRoutes } from '@bb/contracts';
import { bind } from '@bb/service-kit';
import type { SubscribersDeps } from '../deps';
import { confirmTokenHash } from '../domain/confirm-token';
import { contactFromNewsletter } from '../domain/contact';
import { subscriberIdFromToken } from '../domain/unsubscribe-token';
import { answerLink } from './email-link';

const { subscribe, list, remove, unsubscribePage, unsubscribe, confirmPage, confirm } = subscriberRoutes;

const UNSUBSCRIBE_ASK = 'Do you want to stop receiving our newsletter? Press Unsubscribe to confirm.';
const UNSUBSCRIBED = 'You have been unsubscribed. You will no longer receive our newsletter.';
const BAD_LINK = 'This unsubscribe link is not valid. Please use the link from our latest e-mail.';
const CONFIRM_ASK = 'Please confirm that you want to receive our newsletter at this address.';
const CONFIRMED = 'Thank you! Your subscription to our newsletter is confirmed.';
const UNKNOWN_CONFIRMATION =
  'This confirmation link is no longer valid: a newer one may have been sent. Please use the link from our latest e-mail, or sign up again.';

export function mountSubscribers(app: Express, deps: SubscribersDeps): void {
  // New, known or waiting for confirmation, the answer is the same 201 and the same text:
  // anything else would tell anyone who asks whether an address is a customer's.
  bind(app, subscribe, async ({ body, requestId }) => {
    const { doubleOptIn } = await deps.settings.read();
    await deps.subscribers.signUp(contactFromNewsletter(body, new Date()), { doubleOptIn, correlationId: requestId });
    return { message: SUBSCRIBE_MESSAGES.subscribed };
  });

  bind(app, list, () => deps.subscribers.list());

  bind(app, remove, async ({ params }) => {
    await deps.subscribers.remove(params.id);
    return { message: 'Email subscriber deleted successfully' };
  });

  // The links in e-mails. Following one (GET, HEAD) only reads: mail scanners and prefetchers
  // follow links too. Its page's button POSTs to the same address, which makes the change.

  // A subscriber deleted since the e-mail was sent is not on the list either: the same answers.
  bind(app, unsubscribePage, ({ query, req, res }) =>
    subscriberIdFromToken(query.token, deps.unsubscribeSecret)
      ? answerLink(req, res, { status: 200, message: UNSUBSCRIBE_ASK, button: 'Unsubscribe' })
      : answerLink(req, res, { status: 400, message: BAD_LINK }),
  );

  // Also the one-click unsubscribe of the List-Unsubscribe header (RFC 8058): its form-encoded
  // body says nothing the token does not, so it is not read. Again is the same success.
  bind(app, unsubscribe, async ({ query, req, res }) => {
    const id = subscriberIdFromToken(query.token, deps.unsubscribeSecret);
    if (!id) return answerLink(req, res, { status: 400, message: BAD_LINK });
    await deps.subscribers.unsubscribe(id);
    return answerLink(req, res, { status: 200, message: UNSUBSCRIBED });
  });

  bind(app, confirmPage, async ({ query, req, res }) => {
    const state = await deps.subscribers.confirmationState(confirmTokenHash(query.token));
    if (state === 'waiting') return answerLink(req, res, { status: 200, message: CONFIRM_ASK, button: 'Confirm my subscription' });
    return answerLink(req, res, state === 'confirmed' ? { status: 200, message: CONFIRMED } : { status: 404, message: UNKNOWN_CONFIRMATION });
  });

  // Confirming again is the same success.
  bind(app, confirm, async ({ query, req, res }) => {
    const confirmed = await deps.subscribers.confirm(confirmTokenHash(query.token), new Date());
    return answerLink(req, res, confirmed ? { status: 200, message: CONFIRMED } : { status: 404, message: UNKNOWN_CONFIRMATION });
  });
}

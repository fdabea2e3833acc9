import type { Express, Response } from 'express';
import { SUBSCRIBE_MESSAGES, subscriberRoutes, type Subscriber } from '@bb/contracts';
import { bind, invalid } from '@bb/service-kit';
import { contactFromNewsletter } from '../domain/contact';
import { subscriberIdFromToken, unsubscribeToken, unsubscribeUrl } from '../domain/unsubscribe-token';
import type { SubscriberStore } from '../store/subscriber-store';

export interface SubscriberRouteDeps {
  subscribers: SubscriberStore;
  unsubscribeSecret: string;
  /** Where the site is reached from outside, for the links in e-mails. */
  publicUrl: string;
}

const { subscribe, list, remove, unsubscribe } = subscriberRoutes;

const UNSUBSCRIBED = 'You have been unsubscribed. You will no longer receive our newsletter.';
const BAD_LINK = 'This unsubscribe link is not valid. Please use the link from our latest e-mail.';

export function mountSubscribers(app: Express, deps: SubscriberRouteDeps): void {
  // New or already on the list, the answer is the same 201 and the same text: anything else
  // would tell anyone who asks whether an address is a customer's.
  bind(app, subscribe, async ({ body }) => {
    await deps.subscribers.capture(contactFromNewsletter(body, new Date()));
    return { message: SUBSCRIBE_MESSAGES.subscribed };
  });

  bind(app, list, async () => {
    const docs = await deps.subscribers.list();
    return docs.map((d): Subscriber => {
      const id = String(d._id);
      return {
        id,
        email: d.email,
        fullName: d.fullName,
        phone: d.phone,
        source: d.source,
        offeringType: d.offeringType,
        subscribed: d.subscribed,
        consentMarketing: d.consentMarketing,
        createdAt: d.createdAt.toISOString(),
        lastInteraction: d.lastInteraction.toISOString(),
        tags: d.tags,
        notes: d.notes,
        unsubscribeUrl: unsubscribeUrl(deps.publicUrl, unsubscribeToken(id, deps.unsubscribeSecret)),
      };
    });
  });

  bind(app, remove, async ({ params }) => {
    await deps.subscribers.remove(params.id);
    return { message: 'Email subscriber deleted successfully' };
  });

  // Reached from a link in an e-mail: a browser gets a page, an API client JSON. A subscriber
  // deleted since the e-mail was sent is not on the list either, so it gets the same answer.
  bind(app, unsubscribe, async ({ query, req, res }) => {
    const wantsPage = req.accepts(['json', 'html']) === 'html';
    const id = subscriberIdFromToken(query.token, deps.unsubscribeSecret);
    if (!id) {
      if (wantsPage) return sendPage(res, 400, BAD_LINK);
      throw invalid(BAD_LINK);
    }
    await deps.subscribers.unsubscribe(id);
    if (wantsPage) return sendPage(res, 200, UNSUBSCRIBED);
    return { message: UNSUBSCRIBED };
  });
}

function sendPage(res: Response, status: number, message: string): undefined {
  res
    .status(status)
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Newsletter</title></head><body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem"><h1>Newsletter</h1><p>${message}</p></body></html>`);
  return undefined;
}

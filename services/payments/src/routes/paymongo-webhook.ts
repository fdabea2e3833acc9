import type { Express } from 'express';
import { PAYMONGO_SIGNATURE_HEADER, paymentRoutes } from '@bb/contracts';
import { bind, rawBodyOf, unauthorized } from '@bb/service-kit';
import type { PaymentsDeps } from '../deps';
import { eventReferences, paymongoEventSchema } from '../domain/paymongo-resources';
import { verifyPaymongoSignature } from '../domain/paymongo-signature';

const SIGNATURE_REFUSED = {
  missing: 'Missing Paymongo-Signature header',
  malformed: 'Malformed Paymongo-Signature header',
  stale: 'The signature is too old (or from the future): replays are refused',
  mismatch: 'The signature does not match the body',
} as const;

/**
 * PayMongo's deliveries: the signature is checked over the raw body before anything is read from
 * it (a bad one is 401 and changes nothing); a signed event we do not understand is accepted
 * and ignored, as PayMongo would otherwise send it again and again.
 */
export function mountPaymongoWebhook(app: Express, { webhooks, webhook, now }: PaymentsDeps): void {
  bind(app, paymentRoutes.webhook, async ({ req, log }) => {
    const header = req.headers[PAYMONGO_SIGNATURE_HEADER];
    const livemode = (req.body as { data?: { attributes?: { livemode?: unknown } } } | undefined)?.data?.attributes?.livemode === true;
    // Any of the secrets (two while one is rotated) may have signed it.
    const checks = webhook.secrets.map((secret) =>
      verifyPaymongoSignature({
        header: typeof header === 'string' ? header : undefined,
        rawBody: rawBodyOf(req) ?? Buffer.alloc(0),
        secret,
        livemode,
        now: Math.floor(now().getTime() / 1000),
        toleranceSeconds: webhook.toleranceSeconds,
      }),
    );
    const check = checks.find((c) => c.ok) ?? checks[0];
    if (!check.ok) throw unauthorized(SIGNATURE_REFUSED[check.reason]);
    const event = paymongoEventSchema.safeParse(req.body);
    const refs = event.success ? eventReferences(event.data) : null;
    if (refs) await webhooks.handle(refs);
    else log.warn({ issues: event.error?.issues.slice(0, 3) }, 'signed PayMongo delivery that is no event we know; ignored');
    return { received: true as const };
  });
}

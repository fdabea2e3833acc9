import type { Request, Response } from 'express';
import { invalid, notFound } from '@bb/service-kit';

/** What following a link from an e-mail came to. */
export interface LinkOutcome {
  status: 200 | 400 | 404;
  message: string;
}

/**
 * Answers a link followed from an e-mail (unsubscribe, confirm): a browser gets a small page,
 * an API client JSON, an error as every error of the API. Undefined when the page was sent.
 * The message is one of ours, never input, so it goes into the page as it is.
 */
export function answerLink(req: Request, res: Response, { status, message }: LinkOutcome): { message: string } | undefined {
  if (req.accepts(['json', 'html']) === 'html') {
    res
      .status(status)
      .type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Newsletter</title></head><body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem"><h1>Newsletter</h1><p>${message}</p></body></html>`);
    return undefined;
  }
  if (status === 400) throw invalid(message);
  if (status === 404) throw notFound(message);
  return { message };
}

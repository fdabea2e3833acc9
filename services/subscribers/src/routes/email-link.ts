import type { Request, Response } from 'express';
import { invalid, notFound } from '@bb/service-kit';

/** What following a link from an e-mail came to. */
export interface LinkOutcome {
  status: 200 | 400 | 404;
  message: string;
  /**
   * The label of the button that makes the change. The link itself (a GET, which mail scanners
   * and prefetchers follow too) changes nothing: its page's form POSTs to the address the page
   * was loaded from, query included (a form without an action does), so no script is needed.
   */
  button?: string;
}

const form = (button: string) => `<form method="post"><button type="submit" style="font: inherit; padding: 0.5rem 1.25rem">${button}</button></form>`;

/**
 * Answers a link followed from an e-mail (unsubscribe, confirm): a browser gets a small page,
 * an API client JSON, an error as every error of the API. Undefined when the page was sent.
 * Message and button are ours, never input, so they go into the page as they are.
 */
export function answerLink(req: Request, res: Response, { status, message, button }: LinkOutcome): { message: string } | undefined {
  if (req.accepts(['json', 'html']) === 'html') {
    res
      .status(status)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Newsletter</title></head><body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem"><h1>Newsletter</h1><p>${message}</p>${button ? form(button) : ''}</body></html>`,
      );
    return undefined;
  }
  if (status === 400) throw invalid(message);
  if (status === 404) throw notFound(message);
  return { message };
}

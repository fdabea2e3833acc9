// Shared by the maintenance browser tests: calls to the running stack, a tiny PNG, and small
// waits that read like the screens ("the toast says…").
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { Appointment, AppointmentRequest, Conversation, DepositPolicyEntry, Requirement, Side, SlotsResponse, Treatment } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { api as callApi, type ApiOptions, plainTreatments, uniquePhone, waitFor } from '@bb/service-kit/testing';
import { newContext, signInAsAdmin, siteUrl } from './support/browser';

// A loaded CI machine (every service, the broker and Chromium at once) can take a while to
// paint a screen; waits are generous so only a real failure fails.
export const UI_TIMEOUT = 45_000;
export const TEST_TIMEOUT = 120_000;

/** A fresh browser context, optionally signed in as the demo admin. */
export async function openContext(
  browser: Browser,
  { admin = false, ...options }: { admin?: boolean } & Parameters<typeof newContext>[1] = {},
): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  context.setDefaultTimeout(UI_TIMEOUT);
  if (admin) await signInAsAdmin(context);
  return context;
}

export const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;

export const api = <T = unknown>(path: string, options: ApiOptions = {}) => callApi<T>(siteUrl(''), path, options);

export async function adminApiToken(): Promise<string> {
  const { status, body } = await api<{ token: string }>('/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin123' } });
  if (status !== 200) throw new Error(`admin sign-in failed: ${status}`);
  return body.token;
}

/**
 * The clinic's treatments, oldest first (the demo's own, which no test removes, before those other
 * files make and remove while this one runs: the newest was once removed under a booking), less
 * those that need a practitioner or a room, or ask a deposit: files of issues 29 and 31 make such
 * treatments while others run, and a booking of one is limited by its resources, not by the
 * offering's capacity these files test, or waits for its deposit instead of being booked.
 */
export async function clinicTreatments(): Promise<Treatment[]> {
  const token = await adminApiToken();
  const [{ body: treatments }, { body: requirements }, { body: deposits }] = await Promise.all([
    api<Treatment[]>('/api/treatments?offering=clinic'),
    api<Requirement[]>('/api/requirements', { token }),
    api<DepositPolicyEntry[]>('/api/deposit-policies', { token }),
  ]);
  return plainTreatments(treatments, requirements, deposits);
}

/** A clinic treatment of 30 minutes made for the test, by the admin of `token`. */
export async function newTreatment(token: string): Promise<Treatment> {
  const created = await api<Treatment>('/api/treatments', {
    method: 'POST',
    token,
    body: { name: unique('Brow Lamination'), description: 'Shaped brows.', duration: '30 minutes', price: '900', defaultDuration: 30 },
  });
  expect(created.status).toBe(201);
  await untilBookingKnows(created.body.id);
  return created.body;
}

/**
 * Booking learns of a new treatment from the catalog's event, and until then counts it 60
 * minutes: a booking made sooner is refused as unknown. Its 30 minutes fit one more start on an
 * open day than the 60 of an id nobody knows, so that is the sign the event is in.
 */
async function untilBookingKnows(treatmentId: string): Promise<void> {
  const nobody = randomBytes(12).toString('hex');
  let date = manilaDateInDays(900 + Math.floor(Math.random() * 700));
  while ((await slots('clinic', date, nobody)).slots.length === 0) date = manilaDateInDays(900 + Math.floor(Math.random() * 700));
  const unknownStarts = (await slots('clinic', date, nobody)).slots.length;
  await waitFor('booking to know the new treatment', async () => (await slots('clinic', date, treatmentId)).slots.length > unknownStarts, 30_000, 100);
}

/** A valid 8×8 PNG (one colour), built by hand so the test needs no image file. */
export function tinyPng(rgb: [number, number, number] = [219, 68, 119]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export { manilaDateInDays };

export async function slots(offeringType: Side, date: string, treatmentId: string): Promise<SlotsResponse> {
  const { status, body } = await api<SlotsResponse>(
    `/api/available-slots?offeringType=${offeringType}&date=${date}&treatmentId=${encodeURIComponent(treatmentId)}`,
  );
  if (status !== 200) throw new Error(`available-slots answered ${status}`);
  return body;
}

/** The first bookable slot from a few days ahead on, so "now" never gets in the way. */
export async function findOpenSlot(offeringType: Side, treatmentId: string, fromDaysAhead = 3): Promise<{ date: string; time: string }> {
  for (let d = fromDaysAhead; d < fromDaysAhead + 60; d++) {
    const date = manilaDateInDays(d);
    const free = (await slots(offeringType, date, treatmentId)).slots.find((s) => s.available);
    if (free) return { date, time: free.time };
  }
  throw new Error(`no open ${offeringType} slot in the next 60 days`);
}

/** Signs in as the demo admin (or tries, with another password) through the login form the page is on. */
export async function signInThroughForm(page: Page, password = 'admin123'): Promise<void> {
  await page.getByLabel(/^Username/).fill('admin');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A visitor's clinic conversation (the visitor named from `label`) with one question in it. */
export async function conversationAsking(question: string, label = 'Visitor'): Promise<{ id: string; name: string }> {
  const name = unique(label);
  const started = await api<Conversation>('/api/conversations', {
    method: 'POST',
    body: { customerName: name, customerEmail: `${name.replace(' ', '.')}@example.com`, offeringType: 'clinic' },
  });
  expect(started.status).toBe(201);
  await ask(started.body.id, name, question);
  return { id: started.body.id, name };
}

/** The visitor's next message in the conversation. */
export async function ask(conversationId: string, name: string, content: string): Promise<void> {
  expect((await api('/api/messages', { method: 'POST', body: { conversationId, senderType: 'customer', senderName: name, content } })).status).toBe(201);
}

/** Waits for a toast (or any text) to appear. */
export const seeText = (page: Page, text: string | RegExp, timeout = UI_TIMEOUT) => page.getByText(text).first().waitFor({ state: 'visible', timeout });
/** Until nothing on the page says `text` ('Loading settings...'): several sections may say it at once. */
export const noneSays = (page: Page, text: string) => waitFor(`no "${text}" left`, async () => (await page.getByText(text).count()) === 0, UI_TIMEOUT, 100);

/** Public sections render when scrolled near: scroll down until the locator shows up. */
export async function scrollUntilVisible(page: Page, locator: Locator, steps = 30): Promise<void> {
  for (let i = 0; i < steps; i++) {
    if (await locator.first().isVisible()) return;
    await page.mouse.wheel(0, 900);
    await page.waitForTimeout(250);
  }
  await locator.first().waitFor({ state: 'visible', timeout: 5000 });
}

/** Rows of a CSV document (RFC 4180 quoting), without the UTF-8 byte order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** An appointment booked through the public API, as a visitor would. */
export async function book(
  over: Partial<AppointmentRequest> & Pick<AppointmentRequest, 'preferredDate' | 'preferredTime' | 'treatments'>,
): Promise<Appointment> {
  const { status, body } = await api<Appointment>('/api/appointments', {
    method: 'POST',
    body: {
      firstName: 'Visitor',
      lastName: unique('Reyes').replace(' ', '-'),
      email: `${unique('v').replace(' ', '-')}@example.com`,
      contact: uniquePhone(),
      age: 34,
      gender: 'female',
      offeringType: 'clinic',
      ...over,
    },
  });
  if (status !== 201) throw new Error(`booking answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

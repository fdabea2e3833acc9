// Pictures of the screens issue 26 changed, for a before/after comparison: run it against a
// stack of the old code and one of the new, each with its own label.
//
//   GATEWAY_URL=http://localhost:8080 npm run screens -- before
//
// It signs in as the demo admin (admin/admin123, or BB_ADMIN_USERNAME / BB_ADMIN_PASSWORD), books
// an appointment and starts conversations through the API as a visitor would, so run it on a
// demo stack only. Writes bench/results/screens/<label>/:
//   schedule-375.png      the booking form's schedule dialog on a phone, as it opens
//   reschedule-375.png    "Choose a New Time" on the manage page, on a phone
//   reschedule-1280.png   the same on a laptop
//   chat-list-1280.png    the staff chat list after a reply, and after another visitor wrote again
// `npm run bench -- screens` runs it on the throw-away bench stack (label SCREENS_LABEL, else "bench").
import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { BookedAppointment, Conversation, Settings, SlotsResponse, Treatment } from '@bb/contracts';
import type { BenchContext, BenchResult } from './lib/types';

export interface ScreensOptions {
  gatewayUrl: string;
  /** The folder under bench/results/screens/ ("before", "after"…). */
  label: string;
  /** The repository's root. */
  root: string;
  log: (message: string) => void;
}

const LAPTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };
const MANILA_MS = 8 * 3_600_000;

/** Manila's date `days` days from now. */
const manilaDate = (days: number) => new Date(Date.now() + MANILA_MS + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const halfHour = (time: string, by: number) => {
  const [h, m] = time.split(':').map(Number);
  const minutes = h * 60 + m + 30 * by;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

export async function captureScreens({ gatewayUrl, label, root, log }: ScreensOptions): Promise<string[]> {
  if (!/^[\w.-]+$/.test(label)) throw new Error(`a label is letters, digits, dots, dashes and underscores: "${label}"`);
  const out = path.join(root, 'bench', 'results', 'screens', label);
  const written: string[] = [];

  async function api<T>(pathname: string, { method = 'GET', body, token }: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
    const res = await fetch(`${gatewayUrl}${pathname}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The page (or one of its parts) once its transitions have finished. */
  async function shot(page: Page, name: string) {
    await page.evaluate(
      `Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))`,
    );
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file });
    written.push(file);
    log(path.relative(root, file));
  }

  const { token } = await api<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: { username: process.env.BB_ADMIN_USERNAME ?? 'admin', password: process.env.BB_ADMIN_PASSWORD ?? 'admin123' },
  });
  fs.mkdirSync(out, { recursive: true });
  const treatments = await api<Treatment[]>('/api/treatments?offering=clinic');
  // Long enough to hold the half hour after its start: the slot that read Booked beside YOUR TIME.
  const treatment = treatments.find((t) => (t.defaultDuration ?? 60) >= 60) ?? treatments[0];
  const capacity = (await api<Settings>('/api/settings/clinic', { token })).maxSessionsPerSlot;
  if (capacity > 1) log(`the clinic takes ${capacity} bookings per slot: the times beside a booking stay free on any code`);

  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const pageOf = async (viewport: { width: number; height: number }, admin = false) => {
    const phone = viewport.width < 768;
    const context = await browser.newContext({ viewport, timezoneId: 'Asia/Manila', locale: 'en-PH', isMobile: phone, hasTouch: phone });
    if (admin) await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(token)});`);
    return context.newPage();
  };
  /** Waits until no day of an open schedule says Loading..., then a moment for it to settle where it opens. */
  const scheduleLoaded = async (page: Page) => {
    const loading = page.getByRole('dialog').getByText('Loading...', { exact: true });
    for (let i = 0; i < 60 && (await loading.count()) > 0; i++) await page.waitForTimeout(250);
    await page.waitForTimeout(1500);
  };

  try {
    // The schedule on a phone, as it opens from the booking form.
    {
      const page = await pageOf(PHONE);
      await page.goto(`${gatewayUrl}/clinic#booking`);
      const form = page.getByRole('form', { name: 'Book a treatment' });
      await form.locator('label', { hasText: treatment.name }).first().click();
      await form.getByRole('button', { name: 'View Available Schedule' }).click();
      await page.getByRole('dialog', { name: 'View Available Schedule' }).waitFor();
      await scheduleLoaded(page);
      await shot(page, 'schedule-375');
      await page.context().close();
    }

    // A booking three weeks or more ahead, at a time with free half hours on both sides, moved from its manage page.
    let booked: BookedAppointment | null = null;
    for (let days = 21; days < 80 && !booked; days++) {
      const date = manilaDate(days);
      if (weekday(date) === 0 || weekday(date) === 6) continue;
      const { slots } = await api<SlotsResponse>(`/api/available-slots?offeringType=clinic&date=${date}&treatmentId=${encodeURIComponent(treatment.id)}`);
      const free = new Set(slots.filter((s) => s.available).map((s) => s.time));
      const time = [...free].find((t) => free.has(halfHour(t, -1)) && free.has(halfHour(t, 1)));
      if (!time) continue;
      booked = await api<BookedAppointment>('/api/appointments', {
        method: 'POST',
        body: {
          firstName: 'Bianca',
          lastName: 'Reyes',
          email: `screens-${label}-${randomInt(1e9)}@example.ph`,
          contact: `0917 ${randomInt(1_000_000, 10_000_000)}`,
          preferredDate: date,
          preferredTime: time,
          treatments: [treatment.id],
          notes: '',
          offeringType: 'clinic',
        },
      });
    }
    if (!booked?.manageToken) throw new Error('no clinic day in the coming weeks with three free half hours in a row');
    for (const [name, viewport] of [
      ['reschedule-375', PHONE],
      ['reschedule-1280', LAPTOP],
    ] as const) {
      const page = await pageOf(viewport);
      await page.goto(`${gatewayUrl}/manage/${booked.manageToken}`);
      await page.getByRole('button', { name: 'Reschedule' }).click();
      await page.getByRole('dialog', { name: 'Choose a New Time' }).waitFor();
      await scheduleLoaded(page);
      await shot(page, name);
      await page.context().close();
    }

    // The staff chat list: three visitors asking, the first answered, then the second writing again.
    {
      const visitors = [];
      for (const [name, question] of [
        ['Carla Dizon', 'Do you do weekend sessions?'],
        ['Miguel Santos', 'Is parking free at the clinic?'],
        ['Ana Lim', 'How long does a facial take?'],
      ] as const) {
        const conversation = await api<Conversation>('/api/conversations', {
          method: 'POST',
          body: { customerName: name, customerEmail: `screens-${randomInt(1e9)}@example.ph`, offeringType: 'clinic' },
        });
        await api('/api/messages', { method: 'POST', body: { conversationId: conversation.id, senderType: 'customer', senderName: name, content: question } });
        visitors.push({ id: conversation.id, name });
      }
      const page = await pageOf(LAPTOP, true);
      await page.goto(`${gatewayUrl}/maintenance/chat`);
      await page.getByRole('tab', { name: /^Unanswered/ }).click();
      await page
        .getByRole('tabpanel')
        .getByRole('button', { name: new RegExp(visitors[2].name) })
        .click();
      await page.getByPlaceholder('Type your reply...').fill('About an hour, including the consultation.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('log').getByText('About an hour, including the consultation.').waitFor();
      await api('/api/messages', {
        method: 'POST',
        body: { conversationId: visitors[1].id, senderType: 'customer', senderName: visitors[1].name, content: 'And for motorbikes?' },
      });
      // The list reads again within two polls of a live chat.
      await page.waitForTimeout(8000);
      await shot(page, 'chat-list-1280');
      await page.context().close();
    }
  } finally {
    await browser.close();
  }
  return written;
}

/** `npm run bench -- screens`: the pictures of the bench's own stack. */
export default async function screens(ctx: BenchContext): Promise<BenchResult> {
  const label = process.env.SCREENS_LABEL ?? 'bench';
  const files = await captureScreens({ gatewayUrl: ctx.gatewayUrl, label, root: process.cwd(), log: ctx.log });
  return {
    name: 'screens',
    description: 'Screenshots of the screens issue 26 changed (not a load benchmark).',
    rows: [],
    summary: { screens: files.length, folder: `bench/results/screens/${label}` },
  };
}

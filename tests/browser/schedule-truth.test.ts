// Issue 26, the schedule dialog at 1280 and 375 px: each slot says why it cannot be chosen
// (Booked only for a full one) and every chip is named; a phone opens at the first day with a
// free time; "Next free time" jumps there on any screen. The browser's clock is set to a
// moment on a random far week (Playwright's page.clock) and the slots answers are rewritten as
// the server would give them at that moment, so the test reads the same at any hour.
import type { Page } from 'playwright-core';
import type { Treatment } from '@bb/contracts';
import { addDays, to12Hour } from '../../web/src/shared/format';
import { adminApiToken, book, newTreatment, seeText, slots, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, dayName, farDateOn, manilaMoment, openBookingForm, openSchedule, rewriteSlots, SCREENS, weekLoaded } from './public-helpers';
import { seriousViolations } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite();
let treatment: Treatment;
// A treatment of its own: the newest shared one may be another file's, removed while this one runs.
beforeAll(async () => {
  treatment = await newTreatment(await adminApiToken());
});

async function pageAt(screen: (typeof SCREENS)[number][1], date: string, time: string): Promise<Page> {
  const page = await suite.open(screen);
  await page.clock.setFixedTime(manilaMoment(date, time));
  return page;
}

/** The visitor's schedule, opened on a page whose days up to `today` are past, full until `firstFree` and free from then on. */
async function scheduleFreeFrom(page: Page, today: string, firstFree: string) {
  await rewriteSlots(page, (date) => {
    if (date <= today) return { available: false, full: undefined, reason: 'past' };
    if (date < firstFree) return { available: false, full: true, reason: 'full' };
    return { available: true, full: undefined, reason: undefined };
  });
  const form = await openBookingForm(page, 'clinic');
  await choose(form, treatment.name);
  return openSchedule(page, form);
}

/**
 * Where two days of the open schedule sit against the top of the part that scrolls: the top of
 * one, the bottom of an earlier one; and how far that part is scrolled.
 */
async function dayPlaces(page: Page, date: string, earlier: string): Promise<{ top: number; earlierBottom: number; scrolled: number } | null> {
  return page.evaluate(`(() => {
    const day = (d) => document.querySelector('[role="dialog"] section[aria-label="' + d + '"]');
    const [shown, before] = [day(${JSON.stringify(dayName(date))}), day(${JSON.stringify(dayName(earlier))})];
    if (!shown || !before) return null;
    let box = shown.parentElement;
    while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
    if (!box) return null;
    const top = box.getBoundingClientRect().top;
    return { top: shown.getBoundingClientRect().top - top, earlierBottom: before.getBoundingClientRect().bottom - top, scrolled: box.scrollTop };
  })()`) as Promise<{ top: number; earlierBottom: number; scrolled: number } | null>;
}

/** Every chip's accessible name: the day, the time, and (unless it is free) why not. */
const CHIP_NAME =
  /^(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day, [A-Z][a-z]+ \d{1,2} at \d{1,2}:\d{2} (AM|PM)(: [a-z ]+| is booked: get notified if it frees up)?$/;

describe.each(SCREENS)('the schedule at %s', (_, screen) => {
  it('marks only a full slot Booked, the others Past, Too soon or Not yet open, and names every chip', async () => {
    // "Now" is a Tuesday at 1:10 PM: the morning has passed, until 3:10 PM is inside the
    // 2-hour notice, Wednesday has one slot truly full, and from Friday on nothing is open yet.
    const tuesday = farDateOn(2);
    const wednesday = addDays(tuesday, 1);
    const friday = addDays(tuesday, 3);
    const free = (await slots('clinic', wednesday, treatment.id)).slots.filter((s) => s.available);
    const full = free[Math.floor(Math.random() * free.length)];
    await book({ preferredDate: wednesday, preferredTime: full.time, treatments: [treatment.id] });

    const page = await pageAt(screen, tuesday, '13:10');
    await rewriteSlots(page, (date, slot) => {
      if (date < tuesday || (date === tuesday && slot.time <= '13:10')) return { available: false, full: undefined, reason: 'past' };
      if (date === tuesday && slot.time <= '15:10') return { available: false, full: undefined, reason: 'notice' };
      if (date === tuesday) return { available: true, full: undefined, reason: undefined };
      if (date >= friday) return { available: false, full: undefined, reason: 'horizon' };
      return null;
    });
    const form = await openBookingForm(page, 'clinic');
    await choose(form, treatment.name);
    const dialog = await openSchedule(page, form);
    const day = (date: string) => dialog.getByRole('region', { name: dayName(date) });

    const today = day(tuesday);
    expect(await today.locator('[data-reason="past"]').count()).toBeGreaterThan(0);
    expect(await today.locator('[data-reason="past"]').first().innerText()).toMatch(/Past/i);
    const tooSoon = today.locator('[data-reason="notice"]');
    expect(await tooSoon.count()).toBeGreaterThan(0);
    expect(await tooSoon.first().innerText()).toMatch(/Too soon/i);
    expect(await tooSoon.first().getAttribute('aria-label')).toMatch(new RegExp(`^${dayName(tuesday)} at \\d{1,2}:\\d{2} PM: too soon to book online$`));
    expect(await today.innerText()).not.toMatch(/Booked/i);

    const booked = day(wednesday).locator('[data-booked]', { hasText: to12Hour(full.time) });
    expect(await booked.innerText()).toMatch(/Booked/i);
    expect(await booked.getAttribute('aria-label')).toMatch(new RegExp(`^${dayName(wednesday)} at ${to12Hour(full.time)}`));

    const notOpen = day(friday).locator('[data-reason="horizon"]');
    expect(await notOpen.count()).toBeGreaterThan(0);
    expect(await day(friday).innerText()).toMatch(/Not yet open/i);
    expect(await day(friday).innerText()).not.toMatch(/Booked/i);

    const chips = dialog.locator('section[aria-label] button');
    const names = await chips.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(name).toMatch(CHIP_NAME);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('jumps to the first free time with "Next free time", weeks ahead if need be, and puts the focus on it', async () => {
    // "Now" is a Tuesday at 4:40 PM; everything up to next Tuesday is taken: the first free
    // time is on Wednesday of next week.
    const tuesday = farDateOn(2);
    const nextWednesday = addDays(tuesday, 8);
    const page = await pageAt(screen, tuesday, '16:40');
    const dialog = await scheduleFreeFrom(page, tuesday, nextWednesday);

    await dialog.getByRole('button', { name: 'Next free time' }).click();
    await dialog.getByRole('region', { name: dayName(nextWednesday) }).waitFor();
    await weekLoaded(dialog);
    // The focus lands on the first free time of that day, which is on screen.
    let focused = '';
    for (let i = 0; i < 40 && !focused.startsWith(`${dayName(nextWednesday)} at `); i++) {
      focused = (await page.evaluate(`document.activeElement?.getAttribute('aria-label') ?? ''`)) as string;
      if (!focused.startsWith(`${dayName(nextWednesday)} at `)) await page.waitForTimeout(250);
    }
    expect(focused).toMatch(new RegExp(`^${dayName(nextWednesday)} at \\d{1,2}:\\d{2} (AM|PM)$`));
    const chip = dialog.getByRole('button', { name: focused, exact: true });
    const box = await chip.boundingBox();
    const viewport = page.viewportSize() as { width: number; height: number };
    expect(box && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    // The week shown is that one, Sunday first.
    const first = dialog.getByRole('region').first();
    expect(await first.getAttribute('aria-label')).toBe(dayName(addDays(tuesday, 5)));
  });
});

describe('the schedule on a phone', () => {
  it('opens at the first day with a free time, the week still starting on Sunday above it', async () => {
    // "Now" is a Tuesday at 4:40 PM: today is over, Wednesday is full, Thursday has free times.
    const tuesday = farDateOn(2);
    const thursday = addDays(tuesday, 2);
    const page = await pageAt(SCREENS[1][1], tuesday, '16:40');
    const dialog = await scheduleFreeFrom(page, tuesday, thursday);

    // Thursday is at the top of what the dialog shows (the last days may not fill the rest, so
    // it can sit a little lower); today's column of greyed times is scrolled past.
    const settled = (w: Awaited<ReturnType<typeof dayPlaces>>) => w !== null && w.scrolled > 0 && w.top >= -2 && w.top < 120 && w.earlierBottom <= 0;
    let where = await dayPlaces(page, thursday, tuesday);
    for (let i = 0; i < 40 && !settled(where); i++) {
      await page.waitForTimeout(250);
      where = await dayPlaces(page, thursday, tuesday);
    }
    expect({ where, atTheTop: settled(where) }).toEqual({ where, atTheTop: true });
    expect(await dialog.getByRole('region').first().getAttribute('aria-label')).toBe(dayName(addDays(tuesday, -2)));
    await seeText(page, 'Next free time');
  });
});

import type { Appointment, SlotsResponse, Treatment } from '@bb/contracts';
import { api, book, clinicTreatments, findOpenSlot, manilaDateInDays, newTreatment, seeText, TEST_TIMEOUT, unique } from './maintenance-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

jest.setTimeout(TEST_TIMEOUT);

const suite = browserSuite({ each: { admin: true }, signIn: true });
let treatment: Treatment;
beforeAll(async () => {
  treatment = await newTreatment(suite.token);
});

/** A clinic appointment a visitor booked in an open slot of the treatment, and the name the console lists it by. */
async function bookedAppointment() {
  const slot = await findOpenSlot('clinic', treatment.id);
  const booked = await book({ preferredDate: slot.date, preferredTime: slot.time, treatments: [treatment.id] });
  return { slot, booked, name: `${booked.firstName} ${booked.lastName}` };
}

/**
 * Page script: records each status the appointment's row shows in window.rowStatuses, and 'gone'
 * when the row leaves (an in-app navigation keeps the record).
 */
const recordRowStatuses = (id: string) => `(() => {
  const shown = [];
  window.rowStatuses = shown;
  const read = () => {
    const row = document.querySelector('tr[data-appointment-id="${id}"]');
    const status = row ? (['Pending', 'Cancelled', 'Done'].find((s) => row.lastElementChild?.textContent?.includes(s)) ?? '?') : 'gone';
    if (shown[shown.length - 1] !== status) shown.push(status);
  };
  read();
  new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

describe('appointments', () => {
  it('opens an appointment a visitor booked and marks it done; the list passes axe', async () => {
    const { slot, booked, name } = await bookedAppointment();

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).waitFor();
    await seeText(page, /^Total appointments: \d+$/);
    expect(await seriousViolations(page)).toEqual([]);

    const row = page.locator(`tr[data-appointment-id="${booked.id}"]`);
    expect(await row.textContent()).toContain(treatment.name);
    await page.getByRole('button', { name, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Appointment' });
    await dialog.getByLabel('Status').selectOption('done');
    await dialog.getByLabel('Admin Comment').fill('Arrived on time.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'Appointment updated successfully');
    await row.getByText('Done').waitFor();

    const { body: all } = await api<Appointment[]>('/api/appointments', { token: suite.token });
    expect(all.find((a) => a.id === booked.id)).toMatchObject({ status: 'done', adminComment: 'Arrived on time.' });

    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByLabel('Jump to Date').fill(slot.date);
    await page.getByRole('button', { name: new RegExp(`^${name}, `) }).waitFor();
  });

  it('deletes an appointment only after a confirmation that says it cannot be undone', async () => {
    const { booked, name } = await bookedAppointment();

    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog', { name: 'Edit Appointment' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Appointment' });
    await confirm.getByText('This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await seeText(page, 'Appointment deleted successfully');
    await page.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' });
    const { body: all } = await api<Appointment[]>('/api/appointments', { token: suite.token });
    expect(all.some((a) => a.id === booked.id)).toBe(false);
  });

  it('says Session Expired and goes to the login screen when the token is no longer accepted', async () => {
    const { booked, name } = await bookedAppointment();
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name, exact: true }).click();
    // Every appointments call is refused from here, the list's refetch too: only the rollback can bring Pending back.
    await page.route(
      (url) => url.pathname.startsWith('/api/appointments'),
      (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }),
    );
    // The rollback shows for only the spec's 1.5 s before the login screen, less than a loaded
    // machine may take between two checks: the page records every status its row shows instead.
    await page.evaluate(recordRowStatuses(booked.id));
    await page.getByRole('dialog', { name: 'Edit Appointment' }).getByLabel('Status').selectOption('cancelled');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await seeText(page, 'Session Expired');
    await seeText(page, 'Please log in again to continue');
    await page.waitForURL('**/admin/login', { timeout: 5000 });
    const shown = (await page.evaluate('window.rowStatuses')) as string[];
    // Optimistic Cancelled, rolled back to Pending before the console leaves the page.
    expect(shown.slice(shown.indexOf('Cancelled'))).toEqual(['Cancelled', 'Pending', 'gone']);
  });
});

describe('appointments on any screen', () => {
  let long: Appointment;
  let services: string[];

  beforeAll(async () => {
    // A booking whose every column is long: a long name and e-mail, four treatments.
    const clinic = (await clinicTreatments()).slice(0, 4);
    services = clinic.map((t) => t.name);
    const ids = clinic.map((t) => t.id);
    for (let d = 20 + Math.floor(Math.random() * 40); ; d++) {
      const date = manilaDateInDays(d);
      const query = `offeringType=clinic&date=${date}${ids.map((id) => `&treatmentId=${encodeURIComponent(id)}`).join('')}`;
      const free = (await api<SlotsResponse>(`/api/available-slots?${query}`)).body.slots.find((x) => x.available);
      if (!free) continue;
      long = await book({
        firstName: 'Maria Concepcion',
        lastName: unique('Dela Cruz-Villanueva').replace(' ', '-'),
        email: `${unique('maria.concepcion.delacruz.villanueva').replace(' ', '.')}@examplecompany.com.ph`,
        preferredDate: date,
        preferredTime: free.time,
        treatments: ids,
      });
      break;
    }
  });

  it('keeps every column of the list on screen at 1280 px, long text wrapping inside its cell', async () => {
    const { page } = suite;
    await page.goto(siteUrl('/maintenance/appointments'));
    const row = page.locator(`tr[data-appointment-id="${long.id}"]`);
    await row.waitFor();
    // The table's scroll area has nothing to scroll sideways.
    const fits = await page.evaluate(`(() => { const area = document.querySelector('table').parentElement; return area.scrollWidth <= area.clientWidth; })()`);
    expect(fits).toBe(true);
    const status = page.getByRole('columnheader', { name: 'Status' });
    const box = await status.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    const text = await row.innerText();
    for (const piece of [long.email, long.contact, ...services, 'Pending', 'Clinic']) expect(text).toContain(piece);
    expect(await row.getByText('Pending').isVisible()).toBe(true);
  });

  it('shows the list as cards at 375 px with the content of every column and no sideways scrolling', async () => {
    const page = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(siteUrl('/maintenance/appointments'));
    const card = page.locator(`li[data-appointment-id="${long.id}"]`);
    await card.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const text = await card.innerText();
    for (const piece of ['Offering', 'Contact', 'Date & Time', 'Services', long.email, long.contact, ...services, 'Pending', 'Clinic'])
      expect(text).toContain(piece);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await card.getByRole('button', { name: `${long.firstName} ${long.lastName}` }).click();
    await page.getByRole('dialog', { name: 'Edit Appointment' }).waitFor();
  });

  it('shows the calendar one day at a time on a phone, moving a day at a time', async () => {
    const page = await suite.open({ admin: true, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(siteUrl('/maintenance/appointments'));
    await page.getByRole('button', { name: 'Calendar' }).click();
    await page.getByLabel('Jump to Date').fill(long.preferredDate);
    const period = page.getByTestId('calendar-period');
    const [y, m, d] = long.preferredDate.split('-').map(Number);
    const label = (date: Date) => date.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    await period.filter({ hasText: label(new Date(Date.UTC(y, m - 1, d))) }).waitFor();
    const booking = page.getByRole('button', { name: new RegExp(`^${long.firstName} ${long.lastName}, `) });
    await booking.waitFor();
    const box = await booking.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Next day' }).click();
    await period.filter({ hasText: label(new Date(Date.UTC(y, m - 1, d + 1))) }).waitFor();
    expect(await booking.count()).toBe(0);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await booking.waitFor();
  });
});

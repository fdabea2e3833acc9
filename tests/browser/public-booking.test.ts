import { BOOKING_MESSAGES, type Package, type Settings, type Treatment } from '@bb/contracts';
import { adminApiToken, api, clinicTreatments, manilaDateInDays, seeText, TEST_TIMEOUT } from './maintenance-helpers';
import { choose, field, fillDetails, openBookingForm, openSchedule, pickFreeSlot, weekLoaded } from './public-helpers';
import { bookingVisitor, expectFreshFormAfterSuccessState, expectSummaryAbove, watchSuccessState } from './support/booking';
import { browserSuite } from './support/suite';

const suite = browserSuite({ each: {} });
let treatments: Treatment[];
beforeAll(async () => {
  treatments = await clinicTreatments();
});

describe('booking at the clinic', () => {
  it(
    'books a treatment in a free slot; after the 5 s success state the form is fresh under the summary, the slot shows Booked and a second booking goes through',
    async () => {
      const token = await adminApiToken();
      expect((await api<Settings>('/api/settings/clinic', { token })).body.maxSessionsPerSlot).toBe(1);
      const treatment = treatments[0];

      const form = await openBookingForm(suite.page, 'clinic');
      expect(await form.getByRole('button', { name: 'View Available Schedule' }).isDisabled()).toBe(true);
      await choose(form, treatment.name);
      const dialog = await openSchedule(suite.page, form);
      const slot = await pickFreeSlot(dialog, 2);
      await dialog.waitFor({ state: 'hidden' });
      const [, day, time] = /^(.*) at (.*)$/.exec(slot) as RegExpExecArray;
      const date = await field(form, 'Preferred date').inputValue();
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await field(form, 'Preferred time').inputValue()).toMatch(/^\d{2}:\d{2}$/);

      await fillDetails(form, bookingVisitor());
      await watchSuccessState(suite.page, 'Book a treatment');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await seeText(suite.page, 'Appointment Booked!');
      await seeText(suite.page, "We'll contact you shortly to confirm your appointment.");

      // The success panel says what was booked and when.
      const success = suite.page.getByTestId('booking-success');
      expect(await success.innerText()).toContain(treatment.name);
      expect(await success.getByTestId('booked-when').innerText()).toMatch(new RegExp(`^${day}, \\d{4} at ${time}$`));
      const firstReference = await success.getByTestId('booked-reference').innerText();

      // The success state lasts 5 s; then the form is back, reset, and the summary stays above it.
      await expectFreshFormAfterSuccessState(suite.page, form, success);
      expect(await success.getByTestId('booked-reference').innerText()).toBe(firstReference);
      await expectSummaryAbove(success, form);

      // Right away, without a reload: the same slot is now taken, and another one can be booked.
      await choose(form, treatment.name);
      await form.getByRole('button', { name: 'View Available Schedule' }).click();
      const again = suite.page.getByRole('dialog', { name: 'View Available Schedule' });
      await again.getByLabel('Jump to a date').fill(date);
      await weekLoaded(again);
      const column = again.getByRole('region', { name: day });
      const booked = column.locator('[data-booked]', { hasText: time });
      await booked.waitFor({ state: 'visible' });
      expect(await booked.innerText()).toMatch(/Booked/i);
      // Booked: it can no longer be chosen for booking (only for the waitlist, under another name).
      expect(await column.getByRole('button', { name: slot, exact: true }).count()).toBe(0);

      const secondSlot = await pickFreeSlot(again, 1);
      await again.waitFor({ state: 'hidden' });
      const [, secondDay, secondTime] = /^(.*) at (.*)$/.exec(secondSlot) as RegExpExecArray;
      await fillDetails(form, bookingVisitor());
      // The first summary is still there until this booking replaces it.
      expect(await success.getByTestId('booked-reference').innerText()).toBe(firstReference);
      await watchSuccessState(suite.page, 'Book a treatment');
      await form.getByRole('button', { name: 'Book Appointment' }).click();
      await success.getByTestId('booked-reference').filter({ hasNotText: firstReference }).waitFor();
      expect(await success.getByTestId('booked-when').innerText()).toMatch(new RegExp(`^${secondDay}, \\d{4} at ${secondTime}$`));
      expect(await success.getByTestId('booked-reference').innerText()).not.toBe(firstReference);
      await expectFreshFormAfterSuccessState(suite.page, form, success);

      // Dismissed, the summary goes; the fresh form stays, the keyboard at its start.
      await success.getByRole('button', { name: 'Dismiss summary' }).click();
      await success.waitFor({ state: 'detached' });
      expect(await field(form, 'First name').inputValue()).toBe('');
      const focusOnACheckbox = `document.activeElement?.getAttribute('type') === 'checkbox' && document.activeElement.closest('form') !== null`;
      for (let i = 0; i < 40 && !(await suite.page.evaluate(focusOnACheckbox)); i++) await suite.page.waitForTimeout(250);
      expect(await suite.page.evaluate(focusOnACheckbox)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it('shows each validation message, in the order of the spec', async () => {
    const form = await openBookingForm(suite.page, 'clinic');
    const submit = () => form.getByRole('button', { name: 'Book Appointment' }).click();
    const expectToast = async (text: string) => {
      await submit();
      await seeText(suite.page, text);
    };

    await expectToast(BOOKING_MESSAGES.firstName);
    await field(form, 'First name').fill('Bianca');
    await expectToast(BOOKING_MESSAGES.lastName);
    // One toast at a time: the new message replaces the old one.
    expect(await suite.page.getByText(BOOKING_MESSAGES.firstName).count()).toBe(0);
    await field(form, 'Last name').fill('Reyes');
    await field(form, 'Age').fill('0');
    await expectToast(BOOKING_MESSAGES.age);
    await seeText(suite.page, 'Invalid Age');
    await field(form, 'Age').fill('29');
    await field(form, 'Email').fill('bianca.example.ph');
    await expectToast(BOOKING_MESSAGES.email);
    await seeText(suite.page, 'Email Required');
    await field(form, 'Email').fill('bianca@example.ph');
    await expectToast(BOOKING_MESSAGES.contact);
    await field(form, 'Contact number').fill('+63 917 555 0199');
    await expectToast(BOOKING_MESSAGES.preferredDate);
    await field(form, 'Preferred date').fill(manilaDateInDays(20));
    await expectToast(BOOKING_MESSAGES.preferredTime);
    await field(form, 'Preferred time').fill('10:00');
    await expectToast('Please select at least one treatment.');
  });

  it('clears the chosen date and time when the treatments change, and says so', async () => {
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatments[0].name);
    await pickFreeSlot(await openSchedule(suite.page, form), 3);
    expect(await field(form, 'Preferred time').inputValue()).not.toBe('');
    await choose(form, treatments[1].name);
    await seeText(suite.page, 'Time selection cleared');
    expect(await field(form, 'Preferred date').inputValue()).toBe('');
    expect(await field(form, 'Preferred time').inputValue()).toBe('');
  });

  it('shows the week from Sunday with 12-hour times, Closed on a closed day, and moves by week or by date', async () => {
    const form = await openBookingForm(suite.page, 'clinic');
    await choose(form, treatments[0].name);
    const dialog = await openSchedule(suite.page, form);
    const days = dialog.getByRole('region');
    expect(await days.count()).toBe(7);
    expect(await days.first().getAttribute('aria-label')).toMatch(/^Sunday, /);
    // The demo clinic is closed on Sundays.
    expect(await days.first().innerText()).toContain('Closed');
    expect(await dialog.getByRole('button', { name: 'Previous week' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Next week' }).click();
    await weekLoaded(dialog);
    expect(await dialog.innerText()).toMatch(/\b(9|10):00 AM\b/);
    expect(await dialog.innerText()).not.toMatch(/\b1[3-9]:\d{2}\b/);
    await dialog.getByRole('button', { name: 'Previous week' }).click();
    await weekLoaded(dialog);

    const target = manilaDateInDays(40);
    await dialog.getByLabel('Jump to a date').fill(target);
    await weekLoaded(dialog);
    const labels = await days.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const [y, m, d] = target.split('-').map(Number);
    const targetLabel = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(labels).toContain(targetLabel);
    expect(labels[0]).toMatch(/^Sunday, /);

    await suite.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it("marks Manila's today in the schedule even when the visitor's browser is in another time zone", async () => {
    const farPage = await suite.open({ timezoneId: 'Pacific/Honolulu' });
    const form = await openBookingForm(farPage, 'clinic');
    const today = manilaDateInDays(0);
    expect(await field(form, 'Preferred date').getAttribute('min')).toBe(today);
    await choose(form, treatments[0].name);
    const dialog = await openSchedule(farPage, form);
    const [y, m, d] = today.split('-').map(Number);
    const label = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(await dialog.locator('[aria-current="date"]').getAttribute('aria-label')).toBe(label);
  });
});

describe('booking at the studio', () => {
  it('books a photography package', async () => {
    const packages = (await api<Package[]>('/api/packages?offering=studio')).body;
    const form = await openBookingForm(suite.page, 'studio');
    await suite.page.getByRole('heading', { name: 'Book Your Photography Session' }).waitFor();
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, BOOKING_MESSAGES.firstName);
    await fillDetails(form, bookingVisitor());
    await field(form, 'Preferred date').fill(manilaDateInDays(30));
    await field(form, 'Preferred time').fill('10:00');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, 'Please select at least one package.');

    await choose(form, packages[0].name);
    await pickFreeSlot(await openSchedule(suite.page, form), 3);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, 'Appointment Booked!');
  });
});

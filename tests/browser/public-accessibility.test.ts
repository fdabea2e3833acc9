// The public site through axe (no serious or critical violation): every kind of page, the
// schedule dialog, the booking form's problems and success panel, the chat panel, an error screen.
import type { NewsArticle, Result } from '@bb/contracts';
import { api, clinicTreatments, seeText, unique } from './maintenance-helpers';
import { choose, fillDetails, heading, openBookingForm, openSchedule, pickFreeSlot, revealSections, untilLoaded, weekLoaded } from './public-helpers';
import { seriousViolations, siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite({ each: {} });

describe('accessibility (axe: no serious or critical violation)', () => {
  it.each(['/', '/landing', '/clinic', '/studio'])('%s', async (path) => {
    await suite.page.goto(siteUrl(path));
    await suite.page.locator('h1').first().waitFor();
    if (path === '/clinic' || path === '/studio') await revealSections(suite.page);
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('a treatment page, and the schedule dialog', async () => {
    const treatment = (await clinicTreatments())[0];
    await suite.page.goto(siteUrl(`/treatment/${treatment.id}`));
    await heading(suite.page, treatment.name).waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);

    await suite.page.goto(siteUrl('/clinic#booking'));
    const form = suite.page.getByRole('form', { name: 'Book a treatment' });
    await form.locator('label', { hasText: treatment.name }).first().click();
    await form.getByRole('button', { name: 'View Available Schedule' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'View Available Schedule' });
    await dialog.waitFor();
    await weekLoaded(dialog);
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('a result page and a news article', async () => {
    const [result] = (await api<Result[]>('/api/results?offering=clinic')).body;
    await suite.page.goto(siteUrl(`/result/${result.id}`));
    await heading(suite.page, 'Amazing Results').waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
    const [article] = (await api<NewsArticle[]>('/api/news?offering=clinic')).body;
    await suite.page.goto(siteUrl(`/news/${article.id}`));
    await heading(suite.page, article.title).waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it.each(['/somewhere/else', '/treatment/no-such-treatment'])('the Not Found screen at %s', async (path) => {
    await suite.page.goto(siteUrl(path));
    await suite.page.locator('h1').first().waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('the booking form showing its problems, and its success panel', async () => {
    const [treatment] = await clinicTreatments();
    const form = await openBookingForm(suite.page, 'clinic');
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await seeText(suite.page, 'First Name Required');
    expect(await seriousViolations(suite.page)).toEqual([]);

    await choose(form, treatment.name);
    await fillDetails(form, { firstName: 'Alma', lastName: unique('Reyes').replace(' ', '-'), email: `${unique('alma').replace(' ', '.')}@example.ph` });
    await pickFreeSlot(await openSchedule(suite.page, form), 4);
    await form.getByRole('button', { name: 'Book Appointment' }).click();
    await suite.page.getByTestId('booking-success').waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('the chat panel, before and after starting a conversation', async () => {
    await suite.page.goto(siteUrl('/studio'));
    await suite.page.getByRole('button', { name: /Chat with us/ }).click();
    const panel = suite.page.getByRole('dialog', { name: 'Chat' });
    await panel.getByRole('button', { name: 'Start Chat' }).waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
    await panel.getByLabel('Name').fill('Lia Go');
    await panel.getByLabel('Email').fill(`${unique('lia').replace(' ', '.')}@example.ph`);
    await panel.getByRole('button', { name: 'Start Chat' }).click();
    await panel.getByRole('textbox', { name: 'Message' }).fill('Hello!');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('Hello!').waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('the screen of a page that failed to load', async () => {
    await suite.page.route(/\/assets\/NewsPage-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await suite.page.goto(siteUrl('/news/any'));
    await suite.page.getByRole('alert').filter({ hasText: 'This page could not be loaded' }).waitFor();
    expect(await seriousViolations(suite.page)).toEqual([]);
  });

  it('a landing page on a phone', async () => {
    const p = await suite.open({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    await p.goto(siteUrl('/clinic'));
    await p.keyboard.press('Tab');
    await untilLoaded(p);
    expect(await seriousViolations(p)).toEqual([]);
  });
});

import { retryableLazy } from '../../shared/errors/retryable-lazy';

const sections = () => import('./index');

/** The landing pages' lists, all from one chunk fetched when the first of them nears the screen. */
export const TreatmentsList = retryableLazy(async () => ({ default: (await sections()).TreatmentsList }));
export const ResultsGallery = retryableLazy(async () => ({ default: (await sections()).ResultsGallery }));
export const StaffList = retryableLazy(async () => ({ default: (await sections()).StaffList }));
export const NewsList = retryableLazy(async () => ({ default: (await sections()).NewsList }));
export const PackagesList = retryableLazy(async () => ({ default: (await sections()).PackagesList }));
export const PortfolioGrid = retryableLazy(async () => ({ default: (await sections()).PortfolioGrid }));

/** The booking form (and with it the contracts' messages) only when its section is near. */
export const BookingForm = retryableLazy(() => import('../booking/BookingForm'));

import { lazy } from 'react';

const sections = () => import('./index');

/** The landing pages' lists, all from one chunk fetched when the first of them nears the screen. */
export const TreatmentsList = lazy(() => sections().then((m) => ({ default: m.TreatmentsList })));
export const ResultsGallery = lazy(() => sections().then((m) => ({ default: m.ResultsGallery })));
export const StaffList = lazy(() => sections().then((m) => ({ default: m.StaffList })));
export const NewsList = lazy(() => sections().then((m) => ({ default: m.NewsList })));
export const PackagesList = lazy(() => sections().then((m) => ({ default: m.PackagesList })));
export const PortfolioGrid = lazy(() => sections().then((m) => ({ default: m.PortfolioGrid })));

/** The booking form (and with it the contracts' messages) only when its section is near. */
export const BookingForm = lazy(() => import('../booking/BookingForm'));

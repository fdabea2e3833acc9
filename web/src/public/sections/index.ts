/** Everything below a landing page's hero: one lazy chunk, fetched as the visitor scrolls near it. */
export { NewsList } from './NewsList';
export { PackagesList } from './PackagesList';
export { PortfolioGrid } from './PortfolioGrid';
export { ResultsGallery } from './ResultsGallery';
export { StaffList } from './StaffList';
export { TreatmentsList } from './TreatmentsList';

// What tests and benchmarks outside the service may use of it: its collections in its own
// shapes, and how the senders' claim picks the mails due about now.
export { recentDueHours } from '../src/domain/due-hours';
export { createModels, type NotificationModels } from '../src/models';

// What tests and benchmarks outside the service may use of it: its collections in its own shapes.
export { createModels, type SubscriberModels } from '../src/models';

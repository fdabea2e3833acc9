import { newsCreateSchema, packageCreateSchema, portfolioCreateSchema, resultCreateSchema, staffCreateSchema, treatmentCreateSchema } from '@bb/contracts';

/** Each kind of demo item (demo-content's keys) passes what the console's create form must: its create schema. */
export const DEMO_SCHEMAS = {
  treatments: treatmentCreateSchema,
  results: resultCreateSchema,
  news: newsCreateSchema,
  staff: staffCreateSchema,
  packages: packageCreateSchema,
  portfolio: portfolioCreateSchema,
} as const;

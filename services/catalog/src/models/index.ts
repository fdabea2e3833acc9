import type { Connection } from 'mongoose';
import { seedMarkerModel } from '@bb/service-kit';
import { newsModel } from './news';
import { packageModel } from './package';
import { portfolioModel } from './portfolio';
import { resultModel } from './result';
import { staffModel } from './staff';
import { treatmentModel } from './treatment';

export const createModels = (conn: Connection) => ({
  Treatment: treatmentModel(conn),
  Result: resultModel(conn),
  News: newsModel(conn),
  Staff: staffModel(conn),
  Package: packageModel(conn),
  Portfolio: portfolioModel(conn),
  SeedMarker: seedMarkerModel(conn),
});
export type CatalogModels = ReturnType<typeof createModels>;

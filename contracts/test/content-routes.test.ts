import { newsRoutes, packageRoutes, portfolioRoutes, resultRoutes, routeTable, staffRoutes, treatmentRoutes, type RouteDef } from '../src';
import { contentResource } from '../src/resources/content-routes';
import { z } from 'zod';

const row = (r: RouteDef) => `${r.method} ${r.path} ${r.access}${r.status ? ` ${r.status}` : ''}${r.cacheable ? ' cacheable' : ''}`;

describe('content routes from one definition', () => {
  it('gives each content resource the same five routes it had when written by hand', () => {
    // The table as it stood before the factory: method, path, access, status, cache.
    const expected = ['treatments', 'results', 'news', 'staff', 'packages', 'portfolio'].flatMap((name) => [
      `get /api/${name} public cacheable`,
      `get /api/${name}/:id public cacheable`,
      `post /api/${name} admin 201`,
      `put /api/${name}/:id admin`,
      `delete /api/${name}/:id admin`,
    ]);
    const resources = [treatmentRoutes, resultRoutes, newsRoutes, staffRoutes, packageRoutes, portfolioRoutes];
    expect(resources.flatMap((r) => Object.values(r).map(row))).toEqual(expected);
    expect(routeTable.filter((r) => r.service === 'catalog' && r.tag !== 'Uploads').map(row)).toEqual(expected);
  });

  it('keeps the wording that differs from the usual', () => {
    expect(staffRoutes.create.summary).toBe('Add a staff member');
    expect(staffRoutes.remove.summary).toBe('Remove a staff member');
    expect(newsRoutes.read.summary).toBe('One news article');
    expect(packageRoutes.update.summary).toBe('Update a package (fields left out stay as they are)');
    expect(portfolioRoutes.remove.summary).toBe('Delete a portfolio item');
  });

  it('fills in the default side on create and leaves every field out of an update', () => {
    const demo = contentResource({
      path: '/api/demo',
      tag: 'Demo',
      noun: 'demo',
      item: z.object({ id: z.string() }),
      fields: { name: z.string() },
      defaultOffering: 'studio',
      summaries: { list: 'List demos' },
    });
    expect(demo.createSchema.parse({ name: 'A' })).toEqual({ name: 'A', offeringType: 'studio' });
    expect(demo.createSchema.safeParse({}).success).toBe(false);
    expect(demo.updateSchema.parse({})).toEqual({});
    expect(demo.updateSchema.parse({ offeringType: 'both' })).toEqual({ offeringType: 'both' });
    expect(demo.routes.read.path).toBe('/api/demo/:id');
  });
});

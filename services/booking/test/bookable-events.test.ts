import express from 'express';
import type { EventData } from '@bb/contracts';
import { EventBus } from '@bb/service-kit';
import { serve, silentLogger, testAmqpUrl, waitFor } from '@bb/service-kit/testing';
import { bookablesCopy, CatalogResync, resyncBookables, resyncStaff, staffCopy } from '../src/clients/catalog-resync';
import { applyStaffChange } from '../src/events/practitioners';
import { addBookable, bookingRequest, call, monday } from './support/booking';
import { eventApps, settle } from './support/event-apps';

const { start, closeAfterAll } = eventApps();

describe('catalog.bookable.changed', () => {
  it('keeps booking’s copy of names, durations and prices, ignoring older and repeated changes', async () => {
    const booking = await start('bookables');
    const catalog = new EventBus({ url: testAmqpUrl(), exchange: booking.exchange, source: 'catalog', logger: silentLogger() });
    closeAfterAll(catalog);
    await catalog.start();
    const change = (version: number, over: Partial<EventData<'catalog.bookable.changed'>> = {}) =>
      catalog.publish('catalog.bookable.changed', {
        id: 'album',
        kind: 'package',
        name: `Album v${version}`,
        defaultDuration: 30 * version,
        offeringType: 'studio',
        deleted: false,
        version,
        ...over,
      });
    await change(2, { priceCentavos: 250_000 });
    await waitFor('v2 copied', async () => (await booking.models.Bookable.findById('album').lean())?.version === 2);
    expect((await booking.models.Bookable.findById('album').lean())?.priceCentavos).toBe(250_000);
    await change(1);
    await change(2);
    // Published before prices were sent: no price then.
    await change(3);
    await waitFor('v3 copied', async () => (await booking.models.Bookable.findById('album').lean())?.version === 3);
    expect(await booking.models.Bookable.findById('album').lean()).toMatchObject({
      name: 'Album v3',
      defaultDuration: 90,
      kind: 'package',
      deleted: false,
      priceCentavos: null,
    });

    await change(5, { deleted: true });
    await change(4);
    await waitFor('deleted', async () => (await booking.models.Bookable.findById('album').lean())?.deleted === true);
    await settle();
    expect((await booking.models.Bookable.findById('album').lean())?.version).toBe(5);
    const res = await call(
      booking.url,
      'POST',
      '/api/appointments',
      bookingRequest({ preferredDate: monday(3), offeringType: 'studio', treatments: ['album'] }),
    );
    expect(res.status).toBe(400);
  });

  it('are copied from the catalog at start-up when the copy is empty, without overwriting newer changes', async () => {
    const booking = await start('resync');
    await booking.models.Bookable.deleteMany({});
    const catalogApp = express();
    catalogApp.get('/api/treatments', (_req, res) => {
      res.json([
        { id: 't1', name: 'Facial', defaultDuration: 45, offeringType: 'clinic', description: 'x', price: '₱1,500' },
        { id: 't2', name: 'Laser', defaultDuration: 60, offeringType: 'clinic', description: 'x', price: '₱900–1,200' },
      ]);
    });
    catalogApp.get('/api/packages', (_req, res) => {
      res.json([{ id: 'p1', name: 'Portrait', defaultDuration: null, offeringType: 'studio', price: 3500 }]);
    });
    const catalog = await serve(catalogApp);
    try {
      await addBookable(booking.models, { id: 't1', name: 'Facial (renamed)', defaultDuration: 50, version: 7 });
      expect(await resyncBookables(booking.models.Bookable, catalog.url)).toBe(2);
      expect(await booking.models.Bookable.findById('t1').lean()).toMatchObject({ name: 'Facial (renamed)', version: 7 });
      expect(await booking.models.Bookable.findById('t2').lean()).toMatchObject({ name: 'Laser', priceCentavos: null, version: 0 });
      expect(await booking.models.Bookable.findById('p1').lean()).toMatchObject({
        kind: 'package',
        name: 'Portrait',
        defaultDuration: null,
        priceCentavos: 350_000,
        version: 0,
      });

      await booking.models.Bookable.deleteMany({});
      const resync = new CatalogResync(bookablesCopy(booking.models.Bookable), catalog.url, silentLogger());
      await resync.start();
      expect(await booking.models.Bookable.countDocuments()).toBe(3);
      expect((await booking.models.Bookable.findById('t1').lean())?.priceCentavos).toBe(150_000);
      resync.stop();
    } finally {
      await catalog.close();
    }
  });

  it('copy the catalog staff when booking has no practitioners, below any version the catalog announces', async () => {
    const booking = await start('resync_staff');
    const catalogApp = express();
    catalogApp.get('/api/staff', (_req, res) => {
      res.json([
        { id: 's1', name: 'Ana Reyes', position: 'Nurse', bio: 'b', imageUrl: '/api/uploads/ana.png', displayOrder: 0, offeringType: 'clinic' },
        { id: 's2', name: 'Sam Lim', position: 'Photographer', bio: 'b', imageUrl: '', displayOrder: 1, offeringType: 'both' },
      ]);
    });
    const catalog = await serve(catalogApp);
    try {
      const resync = new CatalogResync(staffCopy(booking.models.Practitioner), catalog.url, silentLogger());
      await resync.start();
      resync.stop();
      expect(await booking.models.Practitioner.findById('s1').lean()).toMatchObject({
        name: 'Ana Reyes',
        imageUrl: '/api/uploads/ana.png',
        offeringType: 'clinic',
        version: 0,
        bookable: false,
      });
      expect(await booking.models.Practitioner.countDocuments()).toBe(2);
      // A change the catalog announced wins over the listed copy, and the list never overwrites it.
      await applyStaffChange(booking.models.Practitioner, { id: 's2', name: 'Sam Lim-Cruz', imageUrl: '', offeringType: 'studio', deleted: false, version: 1 });
      await booking.models.Practitioner.deleteOne({ _id: 's1' });
      expect(await resyncStaff(booking.models.Practitioner, catalog.url)).toBe(1);
      expect(await booking.models.Practitioner.exists({ _id: 's1' })).not.toBeNull();
      expect(await booking.models.Practitioner.findById('s2').lean()).toMatchObject({ name: 'Sam Lim-Cruz', offeringType: 'studio', version: 1 });
    } finally {
      await catalog.close();
    }
  });

  it('retries the start-up copy in the background while the catalog is unreachable', async () => {
    const booking = await start('resync_retry');
    await booking.models.Bookable.deleteMany({});
    const catalogApp = express();
    let up = false;
    catalogApp.get('/api/:list', (req, res) => {
      if (!up) res.status(503).json({ message: 'starting' });
      else res.json(req.params.list === 'treatments' ? [{ id: 't9', name: 'Peel', defaultDuration: 30, offeringType: 'clinic' }] : []);
    });
    const catalog = await serve(catalogApp);
    const resync = new CatalogResync(bookablesCopy(booking.models.Bookable), catalog.url, silentLogger(), 100);
    try {
      await resync.start();
      expect(await booking.models.Bookable.countDocuments()).toBe(0);
      up = true;
      await waitFor('copied after retry', async () => (await booking.models.Bookable.countDocuments()) === 1);
    } finally {
      resync.stop();
      await catalog.close();
    }
  });
});

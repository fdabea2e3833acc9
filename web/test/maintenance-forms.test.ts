import { applyUpdate, belongsTo, clientName, isUnauthorized, sortNewestFirst } from '../src/maintenance/domain/appointments';
import { ApiError } from '../src/shared/api/request';
import { blankFields, joinFeatures, parseBookingDuration, parseDisplayOrder, parsePrice, splitFeatures } from '../src/maintenance/domain/forms';
import { MENU, menuFor } from '../src/maintenance/domain/menu';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from '../src/maintenance/domain/sidebar';
import { imageFileProblem } from '../src/shared/forms/image-file';
import { appointment } from './maintenance-fixtures';

describe('package and staff form fields', () => {
  it('split features on commas, trimmed, blanks dropped', () => {
    expect(splitFeatures(' 20 photos, 2 outfits , ,Gallery,')).toEqual(['20 photos', '2 outfits', 'Gallery']);
    expect(joinFeatures(['a', 'b'])).toBe('a, b');
  });

  it('read booking duration as whole minutes of at least 1, blank as none', () => {
    expect(parseBookingDuration('90')).toBe(90);
    expect(parseBookingDuration('  ')).toBeNull();
    expect(parseBookingDuration('0')).toBeUndefined();
    expect(parseBookingDuration('1.5')).toBeUndefined();
    expect(parseBookingDuration('abc')).toBeUndefined();
  });

  it('fall back to display order 0 for anything but an integer', () => {
    expect(parseDisplayOrder('3')).toBe(3);
    expect(parseDisplayOrder('-1')).toBe(-1);
    expect(parseDisplayOrder('')).toBe(0);
    expect(parseDisplayOrder('2.5')).toBe(0);
    expect(parseDisplayOrder('first')).toBe(0);
  });

  it('read prices in pesos, tolerating the sign and separators', () => {
    expect(parsePrice('₱1,500')).toBe(1500);
    expect(parsePrice('2500.50')).toBe(2500.5);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('cheap')).toBeNull();
    expect(parsePrice('-5')).toBeNull();
  });

  it('list required fields left blank', () => {
    expect(blankFields({ name: ' ', bio: 'x', position: '' }, ['name', 'bio', 'position'])).toEqual(['name', 'position']);
  });
});

describe('image upload checks', () => {
  it('accepts JPG and PNG up to 5MB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ name: 'a.JPEG', type: '', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files with the spec toasts', () => {
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({
      title: 'Invalid file type',
      description: 'Please upload a JPG or PNG image',
    });
    expect(imageFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toEqual({
      title: 'File too large',
      description: 'Image must be less than 5MB',
    });
  });
});

describe('appointments helpers', () => {
  it('sort newest booking first', () => {
    const list = [appointment({ id: 'old', createdAt: '2026-01-01T00:00:00Z' }), appointment({ id: 'new', createdAt: '2026-02-01T00:00:00Z' })];
    expect(sortNewestFirst(list).map((a) => a.id)).toEqual(['new', 'old']);
  });

  it('apply the dialog change to the cached list only for that appointment', () => {
    const list = [appointment({ id: 'x' }), appointment({ id: 'y' })];
    const next = applyUpdate(list, 'y', { status: 'done', adminComment: 'ok' });
    expect(next[1]).toMatchObject({ status: 'done', adminComment: 'ok' });
    expect(next[0]).toBe(list[0]);
  });

  it('treat an error message containing 401 as a lapsed session', () => {
    expect(isUnauthorized(new ApiError(401, { message: 'Unauthorized' }, '{"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorized(new ApiError(500, 'boom', 'boom'))).toBe(false);
    expect(isUnauthorized('401')).toBe(false);
  });

  it('name the client and match offerings, both belonging to either side', () => {
    expect(clientName(appointment())).toBe('Maria Santos');
    expect(belongsTo('both', 'studio')).toBe(true);
    expect(belongsTo('clinic', 'studio')).toBe(false);
  });
});

describe('maintenance menu', () => {
  // The screens both sides show, in the spec order, after the content screens.
  const EVERY_SIDE = [
    'Staff',
    'Resources',
    'Appointments',
    'Payments',
    'Email List',
    'Settings',
    'Deposits',
    'Notifications',
    'Chat',
    'Chat API',
    'Reports',
    'Privacy',
  ];

  it('lists the clinic screens in the spec order, with treatments and results, then Users and Audit for the owner', () => {
    expect(menuFor('clinic', 'owner').map((m) => m.label)).toEqual(['Packages', 'Portfolio', 'News', 'Treatments', 'Results', ...EVERY_SIDE, 'Users', 'Audit']);
  });

  it('leaves News, Treatments and Results out of the studio menu', () => {
    expect(menuFor('studio', 'owner').map((m) => m.label)).toEqual(['Packages', 'Portfolio', ...EVERY_SIDE, 'Users', 'Audit']);
    expect(MENU.every((m) => m.path === `/maintenance/${m.key}`)).toBe(true);
  });

  it('shows each role only the screens whose route the route table lets it call', () => {
    expect(menuFor('clinic', 'manager').map((m) => m.label)).toEqual(['Packages', 'Portfolio', 'News', 'Treatments', 'Results', ...EVERY_SIDE, 'Audit']);
    expect(menuFor('clinic', 'receptionist').map((m) => m.label)).toEqual(['Appointments', 'Payments', 'Email List', 'Chat']);
    expect(menuFor('clinic', 'practitioner').map((m) => m.label)).toEqual(['Appointments']);
    expect(MENU.every((m) => m.route.access === 'admin')).toBe(true);
  });
});

describe('sidebar', () => {
  it('remembers its state in a cookie for 7 days', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
    expect(readSidebarOpen('theme=dark; sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
    expect(readSidebarOpen('')).toBe(true);
  });

  it('toggles with Ctrl+B or Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: 'c', ctrlKey: true, metaKey: false })).toBe(false);
  });
});

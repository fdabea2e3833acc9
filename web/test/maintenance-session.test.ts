import { afterLogin, pathOf } from '../src/maintenance/domain/session';

describe('signing in', () => {
  it('returns to the console page that was asked for, with its query and anchor', () => {
    expect(afterLogin({ from: '/maintenance/packages' })).toBe('/maintenance/packages');
    expect(afterLogin({ from: '/admin/appointments?x=1#top' })).toBe('/admin/appointments?x=1#top');
    expect(pathOf({ pathname: '/maintenance/news/7', search: '?a=b', hash: '#c' })).toBe('/maintenance/news/7?a=b#c');
  });

  it('goes to /admin (and so the Maintenance home) otherwise', () => {
    expect(afterLogin(null)).toBe('/admin');
    expect(afterLogin({})).toBe('/admin');
    expect(afterLogin({ from: 42 })).toBe('/admin');
    expect(afterLogin({ from: '/admin/login' })).toBe('/admin');
  });

  it('never leaves the console for another address', () => {
    expect(afterLogin({ from: '//evil.example/maintenance' })).toBe('/admin');
    expect(afterLogin({ from: 'https://evil.example/maintenance' })).toBe('/admin');
    expect(afterLogin({ from: '/maintenancex' })).toBe('/admin');
    expect(afterLogin({ from: '/clinic' })).toBe('/admin');
  });
});

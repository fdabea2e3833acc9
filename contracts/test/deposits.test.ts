import { depositPolicySchema, depositSettingsUpdateSchema, priceCentavos } from '../src';

describe('the price of a treatment or package, as centavos', () => {
  it.each([
    ['900', 90_000],
    ['₱1,500', 150_000],
    ['PHP 2,500.00', 250_000],
    ['Php2500', 250_000],
    ['P 1,200.5', 120_050],
    ['₱ 1,234,567', 123_456_700],
    ['3500 pesos', 350_000],
    ['  ₱800  ', 80_000],
    ['0', 0],
  ])('reads %j as %d', (text, centavos) => {
    expect(priceCentavos(text)).toBe(centavos);
  });

  it.each(['₱900–1,200', '₱900-1,200', 'from ₱900', 'Ask us', '', '₱', '1,50', '1.234', '₱1,500 / session', '₱1,500 or ₱2,000', '-500', '99999999999'])(
    'finds no single price in %j',
    (text) => {
      expect(priceCentavos(text)).toBeNull();
    },
  );

  it('takes a package’s number of pesos, rounded to the centavo', () => {
    expect(priceCentavos(3500)).toBe(350_000);
    expect(priceCentavos(99.995)).toBe(10_000);
    expect(priceCentavos(-1)).toBeNull();
    expect(priceCentavos(Number.NaN)).toBeNull();
  });
});

describe('a deposit policy', () => {
  const error = (value: unknown) => {
    const parsed = depositPolicySchema.safeParse(value);
    return parsed.success ? null : parsed.error.issues[0].message;
  };

  it('is none, a fixed amount of at least ₱20, a whole percentage, or the full price', () => {
    expect(depositPolicySchema.parse({ kind: 'fixed', amount: 50_000 })).toEqual({ kind: 'fixed', amount: 50_000 });
    expect(depositPolicySchema.parse({ kind: 'percent', percent: 30 })).toEqual({ kind: 'percent', percent: 30 });
    expect(depositPolicySchema.parse({ kind: 'full', amount: 5 })).toEqual({ kind: 'full' });
    expect(error({ kind: 'fixed', amount: 1999 })).toMatch(/from 2000/);
    expect(error({ kind: 'fixed', amount: 2500.5 })).toMatch(/whole number of centavos/);
    expect(error({ kind: 'percent', percent: 0 })).toBe('percent must be a whole number from 1 to 100');
    expect(error({ kind: 'percent', percent: 101 })).toBe('percent must be a whole number from 1 to 100');
    expect(error({ kind: 'some' })).toBe('kind must be none, fixed, percent or full');
    expect(error({ kind: ['fixed'] })).toBe('kind must be none, fixed, percent or full');
    expect(error({ kind: 'fixed', amount: { $gt: 0 } })).toMatch(/amount must be/);
  });

  it('settings: a hold of 5 to 120 minutes, a no-show rule of 0, 1 or 2', () => {
    expect(depositSettingsUpdateSchema.safeParse({ holdMinutes: 4 }).success).toBe(false);
    expect(depositSettingsUpdateSchema.safeParse({ noShowRule: 3 }).success).toBe(false);
    expect(depositSettingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(depositSettingsUpdateSchema.parse({ noShowRule: 2, noShowDeposit: 30_000 })).toEqual({ noShowRule: 2, noShowDeposit: 30_000 });
  });
});

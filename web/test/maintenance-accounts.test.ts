import { PASSWORD_MIN_LENGTH, type Account, type AuditEntry } from '@bb/contracts';
import {
  inviteProblems,
  inviteRequest,
  newPasswordProblems,
  PASSWORD_LENGTH_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  sortedAccounts,
} from '../src/maintenance/domain/accounts';
import { auditCsv, auditRangeProblem, auditScope, changeText, NO_AUDIT_FILTERS, verificationText } from '../src/maintenance/domain/audit';
import { landingAfterSignIn, loginNotice, SECURITY_PATH } from '../src/maintenance/domain/session';
import { groupedSecret, recoveryCodesText, totpDigits } from '../src/maintenance/domain/two-factor';

describe('two-factor sign-in on the console', () => {
  it('takes six digits, spaces allowed, and nothing else', () => {
    expect(totpDigits('123456')).toBe('123456');
    expect(totpDigits(' 123 456 ')).toBe('123456');
    expect(totpDigits('12345')).toBeNull();
    expect(totpDigits('1234567')).toBeNull();
    expect(totpDigits('12345a')).toBeNull();
  });

  it('shows the secret in groups of four, and the recovery codes file lists every code', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPQ')).toBe('JBSW Y3DP EHPK 3PXP Q');
    const text = recoveryCodesText('ana', ['aaaa-1111', 'bbbb-2222'], '2026-11-27');
    expect(text.split('\n')).toEqual(expect.arrayContaining(['aaaa-1111', 'bbbb-2222']));
    expect(text).toContain('ana');
  });

  it('sends an account that must enrol to the Security page, and the others where they were going', () => {
    expect(landingAfterSignIn({ mustEnrol: true }, '/maintenance/reports')).toBe(SECURITY_PATH);
    expect(landingAfterSignIn({ mustEnrol: false }, '/maintenance/reports')).toBe('/maintenance/reports');
  });

  it('reads the login notice only as a non-empty string', () => {
    expect(loginNotice({ notice: 'Your password is set.' })).toBe('Your password is set.');
    expect(loginNotice({ notice: 3 })).toBeUndefined();
    expect(loginNotice({ notice: '' })).toBeUndefined();
    expect(loginNotice(null)).toBeUndefined();
  });
});

describe('accounts', () => {
  it('asks for a password of the contract minimum, typed the same twice', () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    const long = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(newPasswordProblems({ password: short, repeat: short })).toEqual({ password: PASSWORD_LENGTH_MESSAGE });
    expect(newPasswordProblems({ password: long, repeat: `${long}y` })).toEqual({ repeat: PASSWORDS_DIFFER_MESSAGE });
    expect(newPasswordProblems({ password: long, repeat: long })).toEqual({});
  });

  it('checks an invitation as the contract does, a practitioner with a staff profile', () => {
    expect(inviteProblems({ username: 'ana', email: 'ana@example.com', role: 'receptionist', staffId: '' })).toEqual({});
    expect(Object.keys(inviteProblems({ username: 'a b', email: 'nope', role: 'practitioner', staffId: '' })).sort()).toEqual(['email', 'staffId', 'username']);
    expect(inviteRequest({ username: ' ana ', email: 'ana@example.com ', role: 'receptionist', staffId: 's1' })).toEqual({
      username: 'ana',
      email: 'ana@example.com',
      role: 'receptionist',
    });
    expect(inviteRequest({ username: 'bo', email: 'bo@example.com', role: 'practitioner', staffId: 's1' })).toMatchObject({ staffId: 's1' });
  });

  it('lists active accounts first, then invited, then disabled, by username', () => {
    const account = (username: string, status: Account['status']): Account => ({
      id: username,
      username,
      role: 'manager',
      status,
      twoFactor: false,
      createdAt: '',
    });
    const order = sortedAccounts([account('zed', 'active'), account('amy', 'disabled'), account('bob', 'invited'), account('al', 'active')]).map(
      (a) => a.username,
    );
    expect(order).toEqual(['al', 'zed', 'bob', 'amy']);
  });
});

describe('the audit screen', () => {
  const entry: AuditEntry = {
    seq: 7,
    service: 'booking',
    action: 'setting-changed',
    actor: { id: 'u1', username: 'ana', role: 'manager' },
    subject: 'settings clinic',
    before: 'capacity 2',
    after: 'capacity 3',
    address: '10.0.0.1',
    at: '2026-11-27T01:00:00.000Z',
    previousHash: '0'.repeat(64),
    hash: 'f'.repeat(64),
  };

  it('says a change as before → after, or the side there is', () => {
    expect(changeText(entry)).toBe('capacity 2 → capacity 3');
    expect(changeText({ after: 'on' })).toBe('on');
    expect(changeText({})).toBe('');
  });

  it('says the scope of an export in words, and refuses a range the wrong way round', () => {
    expect(auditScope(NO_AUDIT_FILTERS)).toBe('all dates');
    expect(auditScope({ from: '2026-11-01', to: '', action: 'export', actor: ' ana ' })).toBe('2026-11-01 to today, Export, by ana');
    expect(auditRangeProblem({ ...NO_AUDIT_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBeDefined();
    expect(auditRangeProblem({ ...NO_AUDIT_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
  });

  it('writes the entries shown as CSV, one row each', () => {
    const lines = auditCsv([entry]).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('setting-changed,ana,manager,settings clinic,capacity 2,capacity 3,10.0.0.1,booking');
  });

  it('says the integrity check in words, with where the chain breaks', () => {
    expect(verificationText({ ok: true, checked: 12 })).toContain('intact');
    const broken = verificationText({ ok: false, checked: 12, brokenAt: 5, reason: 'hash does not match' });
    expect(broken).toContain('entry 5');
    expect(broken).toContain('hash does not match');
  });
});

// System and browser test files share one stack and keep their bookings apart by booking on
// random days months or years ahead; the 90-day default horizon would refuse those. A test
// stack's offerings therefore take bookings ten years ahead (the default horizon is tested on
// booking's own test instances); notice and the per-contact cap (off) keep their defaults. Used by
// npm test for its stacks and by the compose test harness for the compose stack.
export const TEST_HORIZON_DAYS = 3650;

export async function openTestCalendar(gatewayUrl) {
  const call = async (path, method, body, token) => {
    const res = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`could not open the test calendar: ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  // Test stacks run in demo mode, so the demo admin exists.
  const { token } = await call('/api/auth/login', 'POST', { username: 'admin', password: 'admin123' });
  for (const offering of ['clinic', 'studio']) await call(`/api/settings/${offering}`, 'PUT', { horizonDays: TEST_HORIZON_DAYS }, token);
}

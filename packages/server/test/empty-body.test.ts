// Action POSTs whose contract body has no fields (deactivate, reactivate, unlock, cancel…) take
// a request without a body, as `curl -X POST` sends it (issue 34): they used to answer 400
// 'Fältet Förfrågan saknas.'. A route whose body has required fields still says what is missing.
import { expect, it } from 'vitest';
import { describeDb, login, ORIGIN, useTestApp, type TestApp } from './helpers.ts';

/** What `curl -X POST -H 'Origin: …' -b cookie URL` sends: no body, no content type. */
const bare = (t: TestApp, url: string, cookie: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...ORIGIN, cookie } });

describeDb('action POSTs without a body (issue 34)', () => {
  const t = useTestApp();

  it('deactivate, reactivate, unlock and cancel answer 200 without a body', async () => {
    const admin = await login(t, 'admin@example.com');
    const user = `/api/v1/admin/users/${t.users.klient2.id}`;
    const off = await bare(t, `${user}/deactivate`, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'INACTIVE' });
    const on = await bare(t, `${user}/reactivate`, admin);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'ACTIVE' });
    const unlock = await bare(t, `${user}/unlock`, admin);
    expect(unlock.statusCode, unlock.body).toBe(200);

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/appointments',
      headers: { ...ORIGIN, cookie: admin },
      payload: {
        clientId: t.users.klient.id,
        startsAt: new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString(),
        minutes: 30,
        place: 'Rum 2',
      },
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);
    const cancel = await bare(t, `/api/v1/admin/appointments/${booked.json().id}/cancel`, admin);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED' });
  });

  it('a route whose body has required fields still names what is missing', async () => {
    const admin = await login(t, 'admin@example.com');
    const res = await bare(t, '/api/v1/admin/staff', admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Förnamn måste anges.');
  });
});

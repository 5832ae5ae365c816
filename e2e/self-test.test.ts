// /test end to end (issue 13 item 6), in Debian Chromium against the started product: the demo
// client opens the self-check and every line turns green in words — among them the live
// connection's round trip, timed on the STOMP connection itself (a SEND to the ping destination
// until its RECEIPT), and the test notice sent to herself, which must arrive over that connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

describe('/test', () => {
  it('the client sees every line OK: browser, live connection, its round trip in ms, the notice, the clock', async () => {
    const context = await product.browser.newContext({ locale: 'sv-SE' });
    const page = await context.newPage();
    await logIn(product, page, 'klient@example.com');
    await page.goto(`${product.url}/test`);
    const list = page.getByRole('list', { name: 'Resultat av testet' });
    const line = (label: string) =>
      list.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    await line('Testnotis').getByText('OK', { exact: true }).waitFor({ timeout: 15_000 });
    for (const label of ['Webbläsare', 'Realtidsanslutning', 'Svarstid', 'Testnotis', 'Klocka']) {
      await line(label).getByText('OK', { exact: true }).waitFor({ timeout: 10_000 });
    }
    const rtt = (await line('Svarstid').textContent()) ?? '';
    const ms = /Realtidsanslutningen svarade på (\d+) ms\./.exec(rtt);
    expect(ms, rtt).not.toBeNull();
    console.log(`/test: ${rtt.trim()}`);
    expect(await line('Testnotis').textContent()).toMatch(/Testnotisen kom fram på \d+ ms\./);

    // Again: a new ping and a new notice.
    await page.getByRole('button', { name: 'Kör testet igen' }).click();
    await line('Testnotis').getByText('OK', { exact: true }).waitFor({ timeout: 15_000 });
    await line('Svarstid').getByText('OK', { exact: true }).waitFor({ timeout: 10_000 });
    await context.close();
  });
});

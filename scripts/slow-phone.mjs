// What the browser benchmarks share (`pnpm bench:inp`, `pnpm bench:load`): the demo product
// (scripts/demo-server.mjs) with the client's trend data and a signed-in client and ADMIN, and
// signed-in pages in Debian's Chromium with the CPU slowed 4× (CDP
// `Emulation.setCPUThrottlingRate`), as a mid-range phone runs them; and the floor page
// (scripts/floor/build.mjs) served by the same server, which both measure in the same run and
// print the pages' figures as ratios to (issue 39 item 3).
import { cpus, loadavg } from 'node:os';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { buildFloor, removeFloor } from './floor/build.mjs';
import {
  buildProduct,
  EMAIL,
  sessionCookie,
  startDemoProduction,
  uploadLabCsvs,
} from './demo-server.mjs';

export const CPU_SLOWDOWN = 4;

/** The machine's load, printed beside every figure: on a busy machine the figures are higher. */
export const loadAverage = () =>
  `${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} CPUs`;

/**
 * Builds what is stale, starts the demo product, builds the floor page into its dist, uploads
 * the client's two lab CSVs, signs in the demo client and the demo ADMIN, and launches Chromium.
 * Stops the script when there is no Chromium.
 */
export async function startSlowPhone(log, prefix) {
  if (!existsSync(chromiumPath)) {
    console.error(`${prefix}no Chromium at ${chromiumPath} (apt-get install chromium).`);
    process.exit(1);
  }
  buildProduct(log);
  const demo = await startDemoProduction(log, `halsa-${prefix.replace(/\W/g, '')}-`);
  try {
    const { origin, mailbox } = demo;
    await buildFloor(log);
    await uploadLabCsvs(origin, mailbox);
    const clientCookie = await sessionCookie(origin, mailbox, EMAIL);
    const adminCookie = await sessionCookie(origin, mailbox, 'admin@example.com');
    const admin = await fetch(`${origin}/api/v1/admin/clients`, {
      headers: { cookie: adminCookie },
    });
    const karin = (await admin.json()).find((c) => c.email === EMAIL);
    if (!karin) throw new Error(`no client ${EMAIL} in the demo data`);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const close = async () => {
      await browser.close();
      await demo.close();
      removeFloor();
    };
    return { origin, clientCookie, adminCookie, karinId: karin.id, browser, close };
  } catch (error) {
    await demo.close();
    removeFloor();
    throw error;
  }
}

/**
 * A page in a fresh context, signed in with `cookie`, `init` (with `initArg`) run in every
 * document before its own scripts, and the CPU slowed CPU_SLOWDOWN×.
 */
export async function slowSignedInPage(browser, origin, cookie, { viewport, init, initArg }) {
  const context = await browser.newContext({ viewport, locale: 'sv-SE' });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: origin, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(init, initArg);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

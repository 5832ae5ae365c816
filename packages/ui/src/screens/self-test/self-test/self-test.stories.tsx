import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { authScenarios, mockState, scenarios } from '@halsa/api/mocks';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { mocks } from '../../../testing';
import { SelfTestScreen } from './self-test';

const meta = {
  title: 'Testsida/Självtest',
  component: SelfTestScreen,
  parameters: { route: { path: '/test', url: '/test' }, ...mocks(authScenarios.asUser) },
} satisfies Meta<typeof SelfTestScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** Each line's label, verdict word and text. */
async function lines(canvas: Canvas): Promise<string[][]> {
  const list = await canvas.findByRole('list', { name: 'Resultat av testet' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => [...li.children].map((c) => c.textContent ?? ''));
}

const withLive = (live: FakeLiveClient) => [
  (Story: () => React.ReactElement) => (
    <FakeLiveProvider live={live}>
      <Story />
    </FakeLiveProvider>
  ),
];

/** Delivers the test notice the mocked server stored, as the live connection would. */
async function deliverNotice(canvas: Canvas, live: FakeLiveClient) {
  // The server has answered (and stored the notice) once the clock line has its verdict.
  await canvas.findByText(/^Datorns klocka går/);
  live.emit(LiveDestinations.notifications, mockState.notifications[0]);
}

const passing = new FakeLiveClient('open');

/** Everything passes: green in words on every line. */
export const AllaOK: Story = {
  name: 'Alla OK',
  args: { userAgent: CHROME },
  decorators: withLive(passing),
  play: async ({ canvas }) => {
    await deliverNotice(canvas, passing);
    await waitFor(async () =>
      expect((await lines(canvas)).map((l) => l[1])).toEqual(['OK', 'OK', 'OK', 'OK', 'OK']),
    );
    const [browser, connection, rtt, notice, clock] = await lines(canvas);
    await expect(browser).toEqual(['Webbläsare', 'OK', 'Chrome 140. Stöds.']);
    await expect(connection).toEqual(['Realtidsanslutning', 'OK', 'Ansluten.']);
    // The fake live connection answers its ping in 12 ms.
    await expect(rtt).toEqual(['Svarstid', 'OK', 'Realtidsanslutningen svarade på 12 ms.']);
    await expect(notice![2]).toMatch(/^Testnotisen kom fram på \d+ ms\.$/);
    await expect(clock![2]).toMatch(/^Datorns klocka går rätt \(skillnad \d+ s\)\.$/);
  },
};

const silent = new FakeLiveClient('open');

/** The test notice never arrives over the live connection. */
export const NotisenKomInteFram: Story = {
  name: 'Notisen kom inte fram',
  args: { userAgent: CHROME, noticeTimeoutMs: 1000 },
  decorators: withLive(silent),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Testnotisen kom inte fram inom 1 sekund.', {}, { timeout: 4000 }),
    ).toBeVisible();
    const notice = (await lines(canvas))[3]!;
    await expect(notice[1]).toBe('Fel');
  },
};

/** No live connection. */
export const InteAnsluten: Story = {
  name: 'Inte ansluten',
  args: { userAgent: CHROME, noticeTimeoutMs: 1000 },
  decorators: withLive(new FakeLiveClient('closed')),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(
        'Inte ansluten. Nya meddelanden och notiser visas först när sidan laddas om.',
      ),
    ).toBeVisible();
    await expect((await lines(canvas))[1]![1]).toBe('Fel');
    await expect((await lines(canvas))[2]).toEqual([
      'Svarstid',
      'Fel',
      'Kan inte mätas utan realtidsanslutning.',
    ]);
  },
};

const slow = Object.assign(new FakeLiveClient('open'), { pingMs: 2345 });

/** The live connection answers, but slowly: red, with the time in ms. */
export const LangsamRealtidsanslutning: Story = {
  name: 'Långsam realtidsanslutning',
  args: { userAgent: CHROME },
  decorators: withLive(slow),
  play: async ({ canvas }) => {
    const text = await canvas.findByText(/^Realtidsanslutningen svarade på/);
    // sv-SE groups thousands with a no-break space.
    await expect(text.textContent).toBe('Realtidsanslutningen svarade på 2\u00a0345 ms, långsamt.');
    await expect((await lines(canvas))[2]![1]).toBe('Fel');
  },
};

const mute = Object.assign(new FakeLiveClient('open'), { pingMs: null });

/**
 * Connected, but the ping's RECEIPT never comes. The test notice waits for the ping to settle
 * (its RECEIPT proves the notices subscription is in place), then is sent all the same.
 */
export const RealtidsanslutningenSvararInte: Story = {
  name: 'Realtidsanslutningen svarar inte',
  args: { userAgent: CHROME, pingTimeoutMs: 1000 },
  decorators: withLive(mute),
  play: async ({ canvas }) => {
    const seeded = mockState.notifications.length;
    await canvas.findByRole('list', { name: 'Resultat av testet' });
    await new Promise((r) => setTimeout(r, 500));
    await expect(mockState.notifications).toHaveLength(seeded);
    await waitFor(() => expect(mockState.notifications).toHaveLength(seeded + 1), {
      timeout: 4000,
    });
    await expect(
      await canvas.findByText('Realtidsanslutningen svarade inte inom 1 s.', {}, { timeout: 4000 }),
    ).toBeVisible();
    await expect((await lines(canvas))[2]![1]).toBe('Fel');
    await expect((await lines(canvas))[1]![1]).toBe('OK');
  },
};

/** An old browser. */
export const GammalWebblasare: Story = {
  name: 'Gammal webbläsare',
  args: {
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
  },
  decorators: withLive(new FakeLiveClient('open')),
  play: async ({ canvas }) => {
    await expect((await lines(canvas))[0]).toEqual([
      'Webbläsare',
      'Fel',
      'Safari 12. För gammal version: uppdatera webbläsaren.',
    ]);
  },
};

/** The computer's clock is five minutes ahead of the server's. */
export const KlockanGarFel: Story = {
  name: 'Klockan går fel',
  args: { userAgent: CHROME },
  decorators: withLive(new FakeLiveClient('open')),
  parameters: mocks(authScenarios.asUser, [
    answer('selfTest', () =>
      Response.json({
        notificationId: 99_999,
        serverTime: new Date(Date.now() - 5 * 60_000).toISOString(),
      }),
    ),
  ]),
  play: async ({ canvas }) => {
    const clock = await canvas.findByText(/^Datorns klocka går före med/);
    await expect(clock.textContent).toMatch(
      /^Datorns klocka går före med 300 s\. Ställ in rätt tid i datorns inställningar\.$/,
    );
    await expect((await lines(canvas))[4]![1]).toBe('Fel');
  },
};

/** The server fails: the call's Swedish fallback; the notice and clock lines fail too. */
export const ServernSvararInte: Story = {
  name: 'Servern svarar inte',
  args: { userAgent: CHROME },
  decorators: withLive(new FakeLiveClient('open')),
  parameters: mocks(authScenarios.asUser, scenarios.selfTest.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Kunde inte skicka testnotisen')).toBeVisible();
    // The live connection still answers its ping: only the notice and the clock fail.
    await waitFor(async () =>
      expect((await lines(canvas)).map((l) => l[1])).toEqual(['OK', 'OK', 'OK', 'Fel', 'Fel']),
    );
    await expect((await lines(canvas))[4]![2]).toBe('Serverns tid kunde inte hämtas.');
  },
};

// A client's page at 320 px inside the signed-in shell, as the portal composes it (issue 35):
// the floating message button never covers a control of the staff's lab tab ('Visa historik',
// the values' buttons). The shell keeps room under the page and the widget keeps the page's
// scroll padding, so each control scrolled into view lies clear of the button, the last one too.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { expect, spyOn } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { resetMockState } from '@halsa/api/mocks/state';
import { AppShell } from './app-shell';
import { ClientLabResults } from '../../lab-results/client-lab-results/client-lab-results';
import { ClientPagesScreen } from '../../clients/client-pages/client-pages';
import { shellMsw, STORY_NOW } from '../../../testing';

const meta = {
  title: 'Skal/Inloggad layout/Klientsida på mobil',
  component: ClientPagesScreen,
  args: { now: STORY_NOW },
  parameters: { msw: shellMsw(), route: { url: '/clients/3/lab-data' } },
  beforeEach: () => {
    resetMockState({ sessionUser: sessionUsers.staff });
    const spy = spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mockRestore();
  },
  render: (args) => (
    <Routes>
      <Route element={<AppShell user={sessionUsers.staff} />}>
        <Route
          path="/clients/:clientId/*"
          element={
            <ClientPagesScreen
              {...args}
              labValues={(client) => <ClientLabResults client={client} />}
            />
          }
        />
      </Route>
    </Routes>
  ),
} satisfies Meta<typeof ClientPagesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const CONTROLS = 'button, a[href], input:not([type="hidden"]), select, summary, [role="tab"]';

/** A control's name for the report. */
const nameOf = (el: Element) =>
  (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');

/** The staff's lab tab on a phone: every control reachable, none under the floating button. */
export const PersonalLabbfliken320: Story = {
  name: 'Personal: Lab Resultat på mobil (320 px), inget under meddelandeknappen',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBe(320);
    const history = await canvas.findByRole('button', { name: 'Visa historik' });
    await canvas.findByRole('table', { name: 'Senaste värdet för varje analys' });
    const floating = canvas.getByRole('button', { name: /^Öppna meddelanden/ });
    const main = canvas.getByRole('main');
    const controls = [...main.querySelectorAll(CONTROLS)].filter(
      (el) => el.checkVisibility() && el.getBoundingClientRect().height > 1,
    );
    await expect(controls).toContain(history);

    const covered: string[] = [];
    for (const el of controls) {
      // As focus or a screen reader brings it into view: the page's scroll padding counts.
      el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !el.contains(hit)) {
        covered.push(`${nameOf(el)} under ${hit ? nameOf(hit.closest(CONTROLS) ?? hit) : '–'}`);
      }
    }
    await expect(covered).toEqual([]);

    // Scrolled to the end, the page's last control still lies above the button.
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    const last = controls.at(-1)!.getBoundingClientRect();
    await expect(last.bottom).toBeLessThanOrEqual(floating.getBoundingClientRect().top);
    window.scrollTo({ top: 0, behavior: 'instant' });
  },
};

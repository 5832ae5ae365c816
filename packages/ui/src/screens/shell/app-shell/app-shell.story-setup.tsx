// Shared by the app-shell story files (split by purpose); not a story file itself.
import type { Meta } from '@storybook/react-vite';
import { Route, Routes, useLocation } from 'react-router';
import { spyOn, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { resetMockState } from '@halsa/api/mocks/state';
import { NoticesScreen } from '../../notifications/notices/notices';
import { PlaceholderScreen } from '../placeholder/placeholder';
import { OverviewScreen } from '../overview/overview';
import { AppShell, type AppShellProps } from './app-shell';
import { LocationProbe, shellMsw } from '../../../testing';

export const titles: Record<string, string> = {
  '/lab-results': 'Provsvar',
  '/action-plan': 'Handlingsplan',
  '/journal': 'Journal',
  '/clients': 'Klienter',
  '/clients/1/overview': 'Klient',
  '/profile/myaccount': 'Användarinställningar',
  '/journal/general': 'Journalinställningar',
  '/activity': 'Aktivitet',
};

export function AnyPage() {
  const { pathname } = useLocation();
  return <PlaceholderScreen title={titles[pathname] ?? 'Sida'} />;
}

/** The shell as the portal uses it: a layout route around the signed-in routes. */
export function ShellRoutes(props: AppShellProps) {
  return (
    <>
      <Routes>
        <Route element={<AppShell {...props} />}>
          <Route path="/overview" element={<OverviewScreen />} />
          <Route path="/profile/notifications" element={<NoticesScreen />} />
          <Route path="*" element={<AnyPage />} />
        </Route>
      </Routes>
      <LocationProbe />
    </>
  );
}

export const baseMeta = {
  component: AppShell,
  args: { user: sessionUsers.user },
  parameters: { msw: shellMsw(), route: { url: '/overview' } },
  beforeEach: ({ args }) => {
    resetMockState({ sessionUser: args.user });
    const spy = spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mockRestore();
  },
  render: (args) => <ShellRoutes {...args} />,
} satisfies Omit<Meta<typeof AppShell>, 'title'>;

export const bell = (canvas: Canvas, name: string | RegExp = /^Notiser/) =>
  canvas.getByRole('button', { name });

export const sidebarLinks = (canvas: Canvas, name = 'Huvudmeny') =>
  within(canvas.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

export const openPanel = async (
  canvas: Canvas,
  userEvent: { click: (el: Element) => Promise<void> },
) => {
  await userEvent.click(bell(canvas));
  return canvas.getByRole('dialog', { name: 'Notiser' });
};

export type Canvas = ReturnType<typeof within>;

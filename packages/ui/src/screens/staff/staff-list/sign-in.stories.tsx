// /staff's strong sign-in parts (design §4.17): the clinic's two sign-in settings and
// 'Återställ inloggningsmetoder' on a person, each behind a confirmation.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { signInSettingLabels } from '@halsa/api';
import { mockState, resetMockState, securityScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { resetMethodsDescription, resetMethodsDone } from './reset-sign-in-methods';
import type { StaffScreen } from './staff-list';
import { staffStory, withStaffFixtures, body } from './story-setup';

const meta = {
  title: 'Personal/Inloggning',
  ...staffStory,
  beforeEach: () => {
    resetMockState();
    withStaffFixtures();
  },
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const STAFF_RULE = signInSettingLabels.staffStrongSignIn;
const CLIENT_EMAIL = signInSettingLabels.clientEmailCode;

/** The demo clinic: the staff rule off, clients may use the e-mailed code. */
export const Installningar: Story = {
  name: 'Inloggningsinställningar',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Inloggning' })).toBeVisible();
    await expect(await canvas.findByRole('checkbox', { name: STAFF_RULE })).not.toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: CLIENT_EMAIL })).toBeChecked();
  },
};

/** Turning the staff rule on asks first, says what follows, and is saved. */
export const KravPaPersonal: Story = {
  name: 'Kräv nyckel eller autentiseringsapp av personal',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: STAFF_RULE }));
    const ask = await body().findByRole('dialog', {
      name: 'Kräv nyckel eller autentiseringsapp av personal?',
    });
    await expect(ask).toHaveTextContent(/kan inte läsa klientuppgifter/);
    await userEvent.click(within(ask).getByRole('button', { name: 'Slå på' }));
    await expect(await canvas.findByText(`${STAFF_RULE}: på.`)).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: STAFF_RULE })).toBeChecked();
    await expect(mockState.security.settings.staffStrongSignIn).toBe(true);
  },
};

/** 'Avbryt' changes nothing. */
export const AvbrytEpostkod: Story = {
  name: 'Avbryt avstängning av e-postkod',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: CLIENT_EMAIL }));
    const ask = await body().findByRole('dialog', {
      name: 'Stäng av inloggning med e-postkod för klienter?',
    });
    await userEvent.click(within(ask).getByRole('button', { name: 'Avbryt' }));
    await expect(canvas.getByRole('checkbox', { name: CLIENT_EMAIL })).toBeChecked();
    await expect(mockState.security.settings.clientEmailCode).toBe(true);
  },
};

/** Resetting a person's methods names her in the question and in the answer. */
export const Aterstall: Story = {
  name: 'Återställ inloggningsmetoder',
  play: async ({ canvas, userEvent }) => {
    const row = within(
      (await canvas.findByRole('rowheader', { name: 'Erik Johansson' })).closest('tr')!,
    );
    await userEvent.click(row.getByRole('button', { name: 'Återställ inloggningsmetoder' }));
    const ask = await body().findByRole('dialog', {
      name: 'Återställ inloggningsmetoder för Erik Johansson?',
    });
    await expect(ask).toHaveTextContent(resetMethodsDescription('Erik Johansson'));
    await userEvent.click(within(ask).getByRole('button', { name: 'Återställ' }));
    await expect(await body().findByText(resetMethodsDone('Erik Johansson'))).toBeVisible();
  },
};

/** The reset fails: the reason inside the dialog, nothing changed. */
export const AterstallMisslyckas: Story = {
  name: 'Återställning misslyckas',
  parameters: mocks(securityScenarios.resetFailure),
  play: async ({ canvas, userEvent }) => {
    const row = within(
      (await canvas.findByRole('rowheader', { name: 'Erik Johansson' })).closest('tr')!,
    );
    await userEvent.click(row.getByRole('button', { name: 'Återställ inloggningsmetoder' }));
    const ask = await body().findByRole('dialog', {
      name: 'Återställ inloggningsmetoder för Erik Johansson?',
    });
    await userEvent.click(within(ask).getByRole('button', { name: 'Återställ' }));
    await expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Kunde inte återställa inloggningsmetoderna',
    );
  },
};

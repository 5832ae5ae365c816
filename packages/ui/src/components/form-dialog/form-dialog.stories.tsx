import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TextField } from '../../primitives/text-field/text-field';
import { FormDialog } from './form-dialog';

const meta = {
  title: 'Komponenter/Formulärdialog',
  component: FormDialog,
  args: {
    title: 'Bjud in klient',
    description: 'Klienten får en länk med e-post för att skapa sitt konto.',
    triggerLabel: 'Bjud in klient',
    open: true,
    onOpenChange: fn(),
    onSubmit: fn((event) => event.preventDefault()),
    submitLabel: 'Skicka inbjudan',
    busy: false,
    busyLabel: 'Skickar…',
    children: <TextField label="E-post" type="email" autoComplete="off" defaultValue="" />,
  },
} satisfies Meta<typeof FormDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(within(document.body).getByRole('dialog', { name: 'Bjud in klient' }));

/** The caller's fields, 'Avbryt' and the send button; sending hands the form to the caller. */
export const Oppen: Story = {
  name: 'Öppen',
  play: async ({ args, userEvent }) => {
    await expect(
      dialog().getByText('Klienten får en länk med e-post för att skapa sitt konto.'),
    ).toBeVisible();
    await userEvent.type(dialog().getByLabelText('E-post'), 'ny@example.com');
    await userEvent.click(dialog().getByRole('button', { name: 'Skicka inbjudan' }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog().getByRole('button', { name: 'Avbryt' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** While the call runs the send button says so and a second click sends nothing. */
export const Skickar: Story = {
  name: 'Skickar',
  args: { busy: true },
  play: async ({ args, userEvent }) => {
    const send = dialog().getByRole('button', { name: 'Skickar…' });
    await expect(send).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(send);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A refusal of the server stays in the dialog, above the buttons. */
export const ServernNekar: Story = {
  name: 'Servern nekar',
  args: { failure: 'Det finns redan ett konto med den e-postadressen.' },
  play: async () => {
    await expect(dialog().getByRole('alert')).toHaveTextContent(
      'Det finns redan ett konto med den e-postadressen.',
    );
  },
};

/**
 * A phone (320 px) under three errors (issue 35): the fields scroll inside the dialog, while
 * 'Avbryt' and the send button stay on screen.
 */
export const MobilMedTreFel: Story = {
  name: 'Mobil (320 px) med tre fel',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  args: {
    title: 'Bjud in klient',
    failure: 'Det finns redan ett konto med den e-postadressen.',
    children: (
      <>
        {['Förnamn', 'Efternamn', 'E-post'].map((label) => (
          <TextField
            key={label}
            label={label}
            hint="Fältet måste fyllas i."
            error={`${label} måste anges, och det här felet är långt nog att ta två rader.`}
            autoComplete="off"
            defaultValue=""
          />
        ))}
      </>
    ),
  },
  play: async () => {
    const send = dialog().getByRole('button', { name: 'Skicka inbjudan' });
    const cancel = dialog().getByRole('button', { name: 'Avbryt' });
    for (const button of [send, cancel]) {
      const r = button.getBoundingClientRect();
      await expect(r.top).toBeGreaterThanOrEqual(0);
      await expect(r.bottom).toBeLessThanOrEqual(window.innerHeight);
    }
    await expect(dialog().getByRole('alert')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { BackButton } from './back-button';
import { widgetFrame } from '../../../testing';

const meta = {
  title: 'Meddelanden/Komponenter/Tillbakaknapp',
  component: BackButton,
  args: { onClick: fn() },
  decorators: [widgetFrame],
} satisfies Meta<typeof BackButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'Tillbaka' with a decorative arrow; a click goes back to the conversation list. */
export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const back = canvas.getByRole('button', { name: 'Tillbaka' });
    await expect(back).toBeEnabled();
    await expect(back).toHaveAttribute('type', 'button');
    // The arrow is decorative: the name is the text alone.
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await expect(args.onClick).not.toHaveBeenCalled();
    await userEvent.click(back);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

/** Keyboard only: Tab reaches it with a visible focus ring; Enter and Space both activate it. */
export const EndastTangentbord: Story = {
  name: 'Endast tangentbord',
  play: async ({ canvas, args, userEvent }) => {
    const back = canvas.getByRole('button', { name: 'Tillbaka' });
    await userEvent.tab();
    await expect(back).toHaveFocus();
    await expect(back).toHaveStyle({ outlineStyle: 'solid' });
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledOnce();
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(2);
  },
};

/** Inside a form it never submits it (type="button"). */
export const IEttFormular: Story = {
  name: 'I ett formulär',
  render: (args) => (
    <form aria-label="Ny konversation" onSubmit={(event) => event.preventDefault()}>
      <BackButton {...args} />
    </form>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const form = canvas.getByRole('form', { name: 'Ny konversation' });
    let submitted = false;
    form.addEventListener('submit', () => {
      submitted = true;
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Tillbaka' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
    await expect(submitted).toBe(false);
  },
};

// What the /appointments story files share: staff choosing a client through 'Sök klient'.
import type { StoryContext } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

/** Staff pick the client through 'Sök klient'; the booking form then books for her. */
export const pickClient = async (
  { canvas, userEvent }: Pick<StoryContext, 'canvas' | 'userEvent'>,
  search: string,
  name: string,
) => {
  await userEvent.type(await canvas.findByLabelText('Sök klient'), search);
  const hits = await canvas.findByRole('list', { name: 'Sökträffar' });
  await userEvent.click(within(hits).getByRole('button', { name: new RegExp(`^${name}`) }));
  await expect(await canvas.findByText(`Visar möten med ${name}.`)).toBeVisible();
  const form = await canvas.findByRole('form', { name: 'Boka möte' });
  await expect(await within(form).findByText(`Klient: ${name}`)).toBeVisible();
  return within(form);
};

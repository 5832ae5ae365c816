import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsProps } from './tabs';

function ClientTabs({
  disableActivity = false,
  ...props
}: TabsProps & { disableActivity?: boolean }) {
  return (
    <Tabs {...props}>
      <TabsList aria-label="Klient">
        <TabsTrigger value="overview">Översikt</TabsTrigger>
        <TabsTrigger value="journal">Journal</TabsTrigger>
        <TabsTrigger value="lab">Lab Resultat</TabsTrigger>
        <TabsTrigger value="plan">Handlingsplan</TabsTrigger>
        <TabsTrigger value="activity" disabled={disableActivity}>
          Aktivitet
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview">Personuppgifter och kontaktuppgifter.</TabsContent>
      <TabsContent value="journal">Journalformulär och signerade anteckningar.</TabsContent>
      <TabsContent value="lab">Uppladdade provsvar.</TabsContent>
      <TabsContent value="plan">Klientens handlingsplan.</TabsContent>
      <TabsContent value="activity">Aktivitetslogg.</TabsContent>
    </Tabs>
  );
}

const meta = {
  title: 'Primitiver/Flikar',
  component: Tabs,
  parameters: { layout: 'padded' },
  args: { defaultValue: 'overview', onValueChange: fn() },
  render: (args) => <ClientTabs {...args} />,
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas, args, userEvent }) => {
    const overview = canvas.getByRole('tab', { name: 'Översikt' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Översikt' })).toHaveTextContent(
      'Personuppgifter och kontaktuppgifter.',
    );

    await userEvent.click(canvas.getByRole('tab', { name: 'Lab Resultat' }));
    await expect(canvas.getByRole('tabpanel', { name: 'Lab Resultat' })).toBeVisible();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('lab');
  },
};

export const Tangentbord: Story = {
  name: 'Tangentbord',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const overview = canvas.getByRole('tab', { name: 'Översikt' });
    await expect(overview).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    const journal = canvas.getByRole('tab', { name: 'Journal' });
    await expect(journal).toHaveFocus();
    await expect(journal).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Journal' })).toHaveTextContent(
      'Journalformulär och signerade anteckningar.',
    );

    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    // Wraps around to the last tab.
    await expect(canvas.getByRole('tab', { name: 'Aktivitet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Home}');
    await expect(overview).toHaveAttribute('aria-selected', 'true');

    // Tab moves into the panel.
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Översikt' })).toHaveFocus();
  },
};

export const InaktiveradFlik: Story = {
  name: 'Inaktiverad flik',
  render: (args) => <ClientTabs {...args} disableActivity />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Aktivitet' })).toBeDisabled();
  },
};

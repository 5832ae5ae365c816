import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { MessageFileIcon } from './file-icon';

const meta = {
  title: 'Meddelanden/Komponenter/Filikon',
  component: MessageFileIcon,
  args: { fileName: 'Blodprov.pdf' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof MessageFileIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Pdf: Story = {
  name: 'PDF',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'PDF-fil' })).toHaveAttribute('data-kind', 'pdf');
  },
};

export const AllaSorter: Story = {
  name: 'Alla sorter',
  render: () => (
    <ul className="flex flex-col gap-2">
      {['Remiss.pdf', 'Arm.jpg', 'Kost.JPEG', 'Somn.png', 'Logg.xlsx', 'utan-filandelse'].map(
        (name) => (
          <li key={name} className="flex items-center gap-2">
            <MessageFileIcon fileName={name} />
            <span>{name}</span>
          </li>
        ),
      )}
      <li className="flex items-center gap-2">
        <MessageFileIcon fileName="Liten.png" size="sm" />
        <span>Liten.png</span>
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('img', { name: 'PDF-fil' })).toHaveLength(1);
    const images = canvas.getAllByRole('img', { name: 'Bild' });
    await expect(images.map((i) => i.getAttribute('data-kind'))).toEqual([
      'jpg',
      'jpg',
      'png',
      'png',
    ]);
    await expect(canvas.getAllByRole('img', { name: 'Fil' })).toHaveLength(2);
  },
};

export const Dekorativ: Story = {
  name: 'Dekorativ',
  args: { fileName: 'Arm.jpg', decorative: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

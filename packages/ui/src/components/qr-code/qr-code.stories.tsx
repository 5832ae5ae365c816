import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { QrCode } from './qr-code';

const URI =
  'otpauth://totp/H%C3%A4lsoportalen:staff%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=H%C3%A4lsoportalen&algorithm=SHA1&digits=6&period=30';

const meta = {
  title: 'Komponenter/QR-kod',
  component: QrCode,
  args: { value: URI, label: 'QR-kod för autentiseringsappen' },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An otpauth address: an image with its Swedish name, square, with a quiet zone. */
export const Autentiseringsapp: Story = {
  name: 'Autentiseringsapp',
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img', { name: 'QR-kod för autentiseringsappen' });
    await expect(image).toBeVisible();
    const [, , width, height] = image.getAttribute('viewBox')!.split(' ').map(Number);
    await expect(width).toBe(height);
    // Version 1 is 21 modules, each version 4 more; plus four modules of quiet zone each side.
    await expect((width! - 8 - 21) % 4).toBe(0);
    // The top-left finder pattern starts at the quiet zone's corner.
    await expect(image.querySelector('path')!.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
  },
};

/** A longer address needs a larger code, never a cut one. */
export const LangAdress: Story = {
  name: 'Lång adress',
  args: { value: `${URI}&image=${'x'.repeat(200)}` },
  play: async ({ canvas }) => {
    const image = canvas.getByRole('img');
    const [, , width] = image.getAttribute('viewBox')!.split(' ').map(Number);
    await expect(width).toBeGreaterThan(8 + 41);
  },
};

import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render, renderHook } from 'vitest-browser-react';
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastApi } from './toast';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

type Screen = typeof page;
let api: ToastApi;

async function setup(): Promise<Screen> {
  const { result } = await renderHook(() => useToast(), { wrapper: ToastProvider });
  api = result.current;
  const screen = page;
  // React's act() drives updates and effects synchronously while the clock is fake.
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  return screen;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

const byText = (screen: Screen, text: string) => screen.getByText(text).query();

// The real mouse of the test browser may rest where a toast appears, which would pause it
// (hover pauses the clock). Keep the real pointer out; hover is tested with dispatched events.
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = '[data-slot="toast-viewport"] * { pointer-events: none !important; }';
  document.head.append(style);
});

describe('Toast auto close', () => {
  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
  });

  it('exports the spec duration', () => {
    expect(TOAST_DURATION_MS).toBe(10_000);
  });

  it('is present at 9 999 ms and gone at 10 000 ms', async () => {
    const screen = await setup();
    await act(async () => {
      api.success('Filen har laddats upp');
    });
    expect(byText(screen, 'Filen har laddats upp')).not.toBeNull();
    expect(screen.getByRole('status').query()).not.toBeNull();

    await advance(TOAST_DURATION_MS - 1);
    expect(byText(screen, 'Filen har laddats upp')).not.toBeNull();

    await advance(1);
    expect(byText(screen, 'Filen har laddats upp')).toBeNull();
  });

  it('closes an error toast (role alert) after the same time', async () => {
    const screen = await setup();
    await act(async () => {
      api.error('Något gick fel');
    });
    expect(screen.getByRole('alert').query()).not.toBeNull();

    await advance(9_999);
    expect(screen.getByRole('alert').query()).not.toBeNull();
    await advance(1);
    expect(screen.getByRole('alert').query()).toBeNull();
  });

  it('times each toast from when it was shown', async () => {
    const screen = await setup();
    await act(async () => {
      api.success('Första');
    });
    await advance(4_000);
    await act(async () => {
      api.success('Andra');
    });
    await advance(6_000);
    expect(byText(screen, 'Första')).toBeNull();
    expect(byText(screen, 'Andra')).not.toBeNull();
    await advance(4_000);
    expect(byText(screen, 'Andra')).toBeNull();
  });

  it('pauses while focused and resumes with the time that was left', async () => {
    const screen = await setup();
    await act(async () => {
      api.success('Sparat');
    });
    await advance(3_000);
    const close = screen.getByRole('button', { name: 'Stäng' }).element() as HTMLButtonElement;
    await act(async () => {
      close.focus();
    });
    await advance(20_000);
    expect(byText(screen, 'Sparat')).not.toBeNull();

    await act(async () => {
      close.blur();
    });
    await advance(6_999);
    expect(byText(screen, 'Sparat')).not.toBeNull();
    await advance(1);
    expect(byText(screen, 'Sparat')).toBeNull();
  });

  it('pauses while the pointer is over it', async () => {
    const screen = await setup();
    await act(async () => {
      api.success('Sparat');
    });
    const toast = screen.getByRole('status').element();
    await act(async () => {
      toast.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await advance(15_000);
    expect(byText(screen, 'Sparat')).not.toBeNull();

    await act(async () => {
      toast.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    });
    await advance(TOAST_DURATION_MS);
    expect(byText(screen, 'Sparat')).toBeNull();
  });

  it('honours a custom duration and closes at once with Stäng', async () => {
    const screen = await setup();
    await act(async () => {
      api.show({ message: 'Kort', duration: 2_000 });
      api.show({ message: 'Stängs för hand' });
    });
    await advance(2_000);
    expect(byText(screen, 'Kort')).toBeNull();

    const close = screen.getByRole('button', { name: 'Stäng' }).element() as HTMLButtonElement;
    await act(async () => {
      close.click();
    });
    expect(byText(screen, 'Stängs för hand')).toBeNull();
  });
});

describe('useToast', () => {
  it('needs a ToastProvider', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useToast();
      return null;
    }
    await expect(render(<Orphan />)).rejects.toThrow(/ToastProvider/);
    error.mockRestore();
  });
});

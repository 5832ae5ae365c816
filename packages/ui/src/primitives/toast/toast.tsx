import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../../lib/cn';
import { CloseIcon, ErrorIcon, SuccessIcon } from '../../lib/icons-core';

/** A toast closes itself after this long (spec §9). Hovering or focusing it pauses the clock. */
export const TOAST_DURATION_MS = 10_000;
export const TOAST_CLOSE_LABEL = 'Stäng';

export type ToastVariant = 'success' | 'error';

export interface ToastOptions {
  message: ReactNode;
  title?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  show: (options: ToastOptions) => string;
  success: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'variant'>) => string;
  error: (message: ReactNode, options?: Omit<ToastOptions, 'message' | 'variant'>) => string;
  dismiss: (id: string) => void;
  /** Closes every open toast (e.g. the 2FA hint once the code is verified). */
  dismissAll: () => void;
}

interface ToastRecord {
  id: string;
  message: ReactNode;
  title?: ReactNode;
  variant: ToastVariant;
  duration: number;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Toasts of the nearest ToastProvider (part of AppProviders). */
export function useToast(): ToastApi {
  const api = use(ToastContext);
  if (!api) throw new Error('useToast() behöver en <ToastProvider> (ingår i <AppProviders>).');
  return api;
}

export interface ToastProviderProps {
  children?: ReactNode;
}

/** Holds the toasts and renders them in a fixed stack at the bottom of the screen. */
export function ToastProvider({ children }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastRecord[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show = ({ message, title, variant = 'success', duration }: ToastOptions) => {
      nextId.current += 1;
      const id = `toast-${nextId.current}`;
      const toast: ToastRecord = {
        id,
        message,
        title,
        variant,
        duration: duration ?? TOAST_DURATION_MS,
      };
      setToasts((current) => [...current, toast]);
      return id;
    };
    return {
      show,
      success: (message, options) => show({ ...options, message, variant: 'success' }),
      error: (message, options) => show({ ...options, message, variant: 'error' }),
      dismiss,
      dismissAll: () => setToasts([]),
    };
  }, [dismiss]);

  return (
    <ToastContext value={api}>
      {children}
      <div
        data-slot="toast-viewport"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

const toastVariants = cva(
  [
    'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card border border-border',
    'border-l-4 bg-surface py-3 pr-2 pl-4 text-fg shadow-overlay',
  ],
  {
    variants: {
      variant: {
        success: 'border-l-success',
        error: 'border-l-danger',
      },
    },
  },
);

interface ToastItemProps {
  toast: ToastRecord;
  onDismiss: (id: string) => void;
}

function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(toast.duration);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, toast.id, onDismiss]);

  const Icon = toast.variant === 'error' ? ErrorIcon : SuccessIcon;
  return (
    <div
      // Errors interrupt (alert); confirmations wait their turn (status).
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={toast.variant}
      data-paused={paused ? '' : undefined}
      className={toastVariants({ variant: toast.variant })}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <Icon
        className={cn(
          'mt-0.5 size-5 shrink-0',
          toast.variant === 'error' ? 'text-danger' : 'text-success',
        )}
      />
      <div className="min-w-0 flex-1 py-0.5">
        {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
        <p className={toast.title ? 'text-fg-muted' : undefined}>{toast.message}</p>
      </div>
      <button
        type="button"
        aria-label={TOAST_CLOSE_LABEL}
        onClick={() => onDismiss(toast.id)}
        className="grid size-8 shrink-0 cursor-pointer place-items-center rounded-control text-fg-muted hover:bg-surface-sunken hover:text-fg"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

import type * as Sonner from 'sonner';

/**
 * Toasts (sonner) without sonner in the first download: the first toast loads it and asks the
 * layout to mount the Toaster (`useToasterWanted`); the toast shows once the Toaster listens.
 */
type Kind = 'success' | 'error' | 'info' | 'warning';

let wanted = false;
const listeners = new Set<() => void>();
let markMounted = () => undefined as void;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let library: Promise<typeof Sonner> | null = null;

const load = () => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  library ??= import('sonner');
  return Promise.all([library, mounted]).then(([sonner]) => sonner);
};

/**
 * One toast at a time (specification §9): every toast takes the one place, so a new message
 * replaces the one showing instead of stacking under it.
 */
const place = 'firstgoal-toast';

/**
 * Where a toast goes: to the edge of the screen farther from what the player is using — an open
 * dialog, else the focused control — so it covers neither the control nor the heading beside
 * it (a score box, a card's header, 'Your league is ready!'). Worked out when the toast is asked
 * for, before sonner loads: a Save that disables itself has not yet dropped its focus.
 */
const awayFromUse = (): 'top-center' | 'bottom-center' => {
  if (typeof document === 'undefined') return 'bottom-center';
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(
    (dialog) => !dialog.closest('[data-sonner-toaster]') && dialog.getClientRects().length > 0,
  );
  const focused = document.activeElement;
  const inUse =
    dialogs.at(-1) ??
    (focused && focused !== document.body && !focused.closest('[data-sonner-toaster]')
      ? focused
      : null);
  if (!inUse) return 'bottom-center';
  const { top, bottom } = inUse.getBoundingClientRect();
  return top > window.innerHeight - bottom ? 'top-center' : 'bottom-center';
};

const show = (kind: Kind) => (message: string, options?: Sonner.ExternalToast) => {
  const position = awayFromUse();
  void load().then((sonner) => sonner.toast[kind](message, { position, ...options, id: place }));
};

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** A toast that stays until the player acts on it or closes it. */
  action: (message: string, action: { label: string; onClick: () => void }) => {
    const position = awayFromUse();
    void load().then((sonner) =>
      sonner.toast.info(message, {
        action,
        position,
        duration: Number.POSITIVE_INFINITY,
        id: place,
      }),
    );
  },
};

/** For the layout: true once any toast was asked for (then the Toaster stays mounted). */
export const toasterWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => wanted,
};

/** Called by the Toaster once mounted (its own listener is subscribed by then). */
export const toasterMounted = () => markMounted();

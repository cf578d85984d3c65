import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  /** `sheet` slides in from the right edge (the mobile menu); `modal` is centred. */
  variant?: 'modal' | 'sheet';
  /** Hide the visible title (it stays available to assistive technology). */
  hideTitle?: boolean;
  testId?: string;
  className?: string;
}

/** The dialog itself (radix), in its own chunk: see dialog.tsx. */
export const DialogPanel = ({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  variant = 'modal',
  hideTitle = false,
  testId,
  className,
}: DialogProps) => {
  // Focus goes back where it was when the dialog opened (the button that opened it), or to the
  // page's main content when that is gone: never to <body>, where the next Tab starts over.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const back = opener.current;
    const main = () => document.getElementById('main-content');
    const target = back?.isConnected ? back : main();
    target?.focus();
    // What the dialog did may take its opener away a moment later (a league created from the
    // home page's prompt turns the prompt into the league's panel): focus then goes to the main
    // content, not to <body>.
    const until = performance.now() + 1500;
    const watch = () => {
      // Another dialog opened meanwhile looks after focus itself.
      if (document.querySelector('[role="dialog"]')) return;
      if (document.activeElement === document.body || target?.isConnected === false) {
        main()?.focus();
        return;
      }
      if (performance.now() < until) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  };
  // A dialog whose view changes (a form replaced by its result) keeps focus: when the focused
  // control went with the old view, the dialog itself takes focus (its title is read) instead of
  // <body>, from where Tab would leave the dialog.
  const content = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = content.current;
    if (!open || !element) return;
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (active === document.body || active === null) element.focus();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  });
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-navy/60 backdrop-blur-[2px]" />
        <RadixDialog.Content
          ref={content}
          onCloseAutoFocus={returnFocus}
          // A control with an Escape of its own just now (a language arrowed to, not chosen)
          // takes the key; the next Escape closes the dialog.
          onEscapeKeyDown={(event) => {
            const target = event.target;
            if (target instanceof Element && target.closest('[data-holds-escape="true"]'))
              event.preventDefault();
          }}
          // Opening lands on the first field (a form) or on the dialog itself (its title is read),
          // not on the × in its corner.
          onOpenAutoFocus={(event) => {
            const content = event.target as HTMLElement | null;
            if (!content) return;
            event.preventDefault();
            const field = content.querySelector<HTMLElement>(
              '[data-autofocus], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])',
            );
            (field ?? content).focus();
          }}
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed z-50 overflow-y-auto bg-surface text-fg shadow-2xl outline-none',
            variant === 'modal'
              ? 'left-1/2 top-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl p-6'
              : 'inset-y-0 right-0 h-dvh w-[min(22rem,100vw)] p-5',
            className,
          )}
        >
          <div className={cn('mb-5 flex items-start justify-between gap-4', hideTitle && 'mb-2')}>
            <div className={cn('flex flex-col gap-1', hideTitle && 'sr-only')}>
              <RadixDialog.Title className="text-xl font-bold text-fg">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="text-sm text-fg-muted">
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              aria-label={closeLabel}
              className="-mr-2 -mt-2 ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};

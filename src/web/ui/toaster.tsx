import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from './toast';

interface ToasterProps {
  closeLabel: string;
  regionLabel: string;
}

const firstControl =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/** When Tab (forward) was last pressed inside a toast. */
let tabbedInToastAt = -Infinity;
const noteTab = (event: KeyboardEvent) => {
  if (
    event.key === 'Tab' &&
    !event.shiftKey &&
    event.target instanceof Element &&
    event.target.closest('[data-sonner-toaster]')
  )
    tabbedInToastAt = performance.now();
};

/**
 * Tabbing out of a toast goes on as it would without one (issue 31, point 19). Sonner sends focus
 * back to the control focused before the toast whenever focus leaves it, so Tab past the page's
 * end looped toast → close → that control until the toast expired. When focus leaves a toast for
 * another control, that control gets it back once sonner is done; when Tab takes it past the
 * page's end (the toaster comes last), it goes on to the page's first control, as Tab does from
 * the browser's own controls. When a toast was closed and is gone, sonner's return to the
 * previous control stands.
 */
const keepTabOrder = (event: FocusEvent) => {
  const from = event.target;
  const to = event.relatedTarget;
  if (!(from instanceof Element)) return;
  const toaster = from.closest('[data-sonner-toaster]');
  if (!toaster || (to instanceof Node && toaster.contains(to))) return;
  // This listener runs as the event bubbles past the document: after sonner's own (React's, at
  // the app's root), so what sonner did is known.
  if (to instanceof HTMLElement) {
    if (to.isConnected && document.activeElement !== to) to.focus();
  } else if (performance.now() - tabbedInToastAt < 500) {
    // Tab went past the page's end: on to the page's first control (the skip link), where Tab
    // from the browser's own controls comes back in.
    const first = document.querySelector<HTMLElement>(firstControl);
    if (first && document.activeElement !== first) first.focus();
  }
};

/** At most one toast at a time (specification §9), following the system theme. */
export const Toaster = ({ closeLabel, regionLabel }: ToasterProps) => {
  // Runs after sonner's own effects: it listens for toasts by now.
  useEffect(toasterMounted, []);
  useEffect(() => {
    document.addEventListener('keydown', noteTab, true);
    document.addEventListener('focusout', keepTabOrder);
    return () => {
      document.removeEventListener('keydown', noteTab, true);
      document.removeEventListener('focusout', keepTabOrder);
    };
  }, []);
  return (
    <Sonner
      visibleToasts={1}
      // Each toast says where it goes (toast.ts: the edge farther from what is in use). At the
      // top, below the sticky header, not over its controls: 4 rem on a phone, 6.8 rem (with
      // the links' row) from 768 px; at the bottom, above a phone's sticky Save bar
      // (--bottom-bar, index.css).
      position="bottom-center"
      mobileOffset={{ top: 72, bottom: 'calc(var(--bottom-bar, 0px) + 12px)' }}
      offset={{ top: 120, bottom: 'calc(var(--bottom-bar, 0px) + 24px)' }}
      theme="system"
      richColors
      closeButton
      duration={6000}
      containerAriaLabel={regionLabel}
      toastOptions={{
        closeButtonAriaLabel: closeLabel,
        className: 'font-sans',
        // A description of two sentences shows them on two lines.
        classNames: { description: 'whitespace-pre-line' },
      }}
    />
  );
};

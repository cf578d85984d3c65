import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toasterMounted } from './toast';

interface ToasterProps {
  closeLabel: string;
  regionLabel: string;
}

/** At most one toast at a time (specification §9), following the system theme. */
export const Toaster = ({ closeLabel, regionLabel }: ToasterProps) => {
  // Runs after sonner's own effects: it listens for toasts by now.
  useEffect(toasterMounted, []);
  return (
    <Sonner
      visibleToasts={1}
      position="top-center"
      // Below the sticky header (4 rem) on a phone, not over it.
      mobileOffset={{ top: 72 }}
      theme="system"
      richColors
      closeButton
      duration={6000}
      containerAriaLabel={regionLabel}
      toastOptions={{ closeButtonAriaLabel: closeLabel, className: 'font-sans' }}
    />
  );
};

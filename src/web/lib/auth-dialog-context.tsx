import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthDialogMode = 'login' | 'signup' | 'reset';

interface AuthDialogState {
  isOpen: boolean;
  mode: AuthDialogMode;
  open: (mode?: AuthDialogMode) => void;
  close: () => void;
  setMode: (mode: AuthDialogMode) => void;
}

const AuthDialogContext = createContext<AuthDialogState | null>(null);

/** Holds whether the sign-in dialog is open, so any page can open it (e.g. `open('signup')`). */
export const AuthDialogProvider = ({ children }: { children: ReactNode }) => {
  const [isOpen, setOpen] = useState(false);
  const [mode, setMode] = useState<AuthDialogMode>('login');
  const value = useMemo<AuthDialogState>(
    () => ({
      isOpen,
      mode,
      open: (next = 'login') => {
        setMode(next);
        setOpen(true);
      },
      close: () => setOpen(false),
      setMode,
    }),
    [isOpen, mode],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
};

export const useAuthDialog = (): AuthDialogState => {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside AuthDialogProvider');
  return value;
};

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type LeagueDialogState =
  { kind: 'create'; competitionId?: string | undefined } | { kind: 'join' } | null;

interface LeagueDialogsValue {
  dialog: LeagueDialogState;
  /** Opens Create League; from a competition page pass its id to preselect it. */
  openCreate: (options?: { competitionId?: string }) => void;
  openJoin: () => void;
  close: () => void;
}

const LeagueDialogsContext = createContext<LeagueDialogsValue | null>(null);

/** Which league dialog (Create League, Join League) is open, so any page can open one. */
export const LeagueDialogsProvider = ({ children }: { children: ReactNode }) => {
  const [dialog, setDialog] = useState<LeagueDialogState>(null);
  const value = useMemo<LeagueDialogsValue>(
    () => ({
      dialog,
      openCreate: (options) => setDialog({ kind: 'create', competitionId: options?.competitionId }),
      openJoin: () => setDialog({ kind: 'join' }),
      close: () => setDialog(null),
    }),
    [dialog],
  );
  return <LeagueDialogsContext.Provider value={value}>{children}</LeagueDialogsContext.Provider>;
};

export const useLeagueDialogs = (): LeagueDialogsValue => {
  const value = useContext(LeagueDialogsContext);
  if (!value) throw new Error('useLeagueDialogs must be used inside LeagueDialogsProvider');
  return value;
};

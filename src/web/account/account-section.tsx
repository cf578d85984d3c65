import type { ReactNode } from 'react';
import type { UserRound } from 'lucide-react';
import { Card } from '../ui/card';
import type { AuthClientError } from './auth-client';

// What the sections of /account share: better-auth's client, its answers as promises that
// fail, and the card each section sits in.

/** better-auth's client, fetched with this page (it is not in the first download). */
export const client = async () => (await import('./auth-client')).authClient;

/** Throws the client's error so react-query sees a failure. */
export const settled = async <T,>(
  result: Promise<{ data: T | null; error: AuthClientError | null }>,
) => {
  const { data, error } = await result;
  if (error) throw error;
  return data;
};

export const Section = ({
  icon: Icon,
  title,
  children,
  testId,
  tone,
}: {
  icon: typeof UserRound;
  title: string;
  children: ReactNode;
  testId: string;
  tone?: 'danger';
}) => (
  <Card className="flex flex-col gap-4" data-testid={testId}>
    <h2 className="flex items-center gap-2 text-lg font-bold text-fg">
      <Icon
        aria-hidden="true"
        className={tone === 'danger' ? 'size-5 text-danger' : 'size-5 text-brand-text'}
      />
      {title}
    </h2>
    {children}
  </Card>
);

import type { ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { Card } from './card';
import { PageContainer } from './page';

interface SignInPromptProps {
  title: string;
  text?: string;
  /** The way on: a sign-in button or a link home. */
  action: ReactNode;
  testId: string;
}

/** A page that needs an account, shown to a visitor: what to do and the button to do it. */
export const SignInPrompt = ({ title, text, action, testId }: SignInPromptProps) => (
  <PageContainer className="max-w-xl">
    <Card className="flex flex-col items-center gap-4 text-center" data-testid={testId}>
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-success-soft text-success-strong">
        <LogIn aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-xl font-bold text-fg">{title}</h1>
      {text ? <p className="text-fg-muted">{text}</p> : null}
      {action}
    </Card>
  </PageContainer>
);

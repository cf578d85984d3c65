import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import { cn } from './cn';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's title when `title` is not plain text. */
  documentTitle?: string;
}

/** The title block every page starts with (its h1); it names the browser tab too. */
export const PageHeader = ({
  title,
  subtitle,
  eyebrow,
  actions,
  documentTitle,
}: PageHeaderProps) => {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : ''));
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-2">
        {eyebrow}
        <h1 className="text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {subtitle ? <p className="max-w-2xl text-base text-fg-muted">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
};

/** Page width and vertical rhythm. */
export const PageContainer = ({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) => (
  <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10', className)}>
    {children}
  </div>
);

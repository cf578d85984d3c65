import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { dateFormat } from '../lib/intl-cache';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from '../ui/page';

/** One numbered section: `<ns>.sections.<id>.{title, body?, items.<item>?, outro?, link?}`. */
export interface LegalSection {
  id: string;
  body?: boolean;
  items?: readonly string[];
  outro?: boolean;
  /** A route the section points to; its label is `<ns>.sections.<id>.link`. */
  link?: string;
}

interface LegalDocumentProps {
  ns: 'privacy' | 'terms';
  /** The day the text last changed (UTC). */
  updated: string;
  sections: readonly LegalSection[];
}

/** Privacy Policy and Terms of Service: a dated, numbered document at a readable width. */
export const LegalDocument = ({ ns, updated, sections }: LegalDocumentProps) => {
  const { t, i18n } = useTranslation();
  // The day as every other date of the game reads it in this language ('22 Nov 2026').
  const date = dateFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${updated}T00:00:00Z`),
  );
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader
        title={t(`${ns}.title`)}
        subtitle={<span data-testid={`${ns}-updated`}>{t(`${ns}.updated`, { date })}</span>}
      />
      <Card className="flex flex-col gap-8" data-testid={`${ns}-page`}>
        <p className="text-lg leading-relaxed text-fg">{t(`${ns}.intro`)}</p>
        {sections.map((section, index) => {
          const key = `${ns}.sections.${section.id}`;
          const headingId = `${ns}-${section.id}`;
          return (
            <section
              key={section.id}
              aria-labelledby={headingId}
              className="flex flex-col gap-3 border-t border-line pt-6"
            >
              <h2 id={headingId} className="text-xl font-bold text-fg">
                <span className="mr-2 text-brand-text">{index + 1}.</span>
                {t(`${key}.title`)}
              </h2>
              {section.body ? <p className="leading-relaxed">{t(`${key}.body`)}</p> : null}
              {section.items ? (
                <ul className="flex list-disc flex-col gap-2 pl-5 leading-relaxed marker:text-brand-text">
                  {section.items.map((item) => (
                    <li key={item}>{t(`${key}.items.${item}`)}</li>
                  ))}
                </ul>
              ) : null}
              {section.outro ? <p className="leading-relaxed">{t(`${key}.outro`)}</p> : null}
              {section.link ? (
                <Link
                  to={section.link}
                  className="inline-flex min-h-11 items-center gap-1.5 self-start font-semibold text-brand-text underline underline-offset-4"
                  data-testid={`${ns}-link-${section.id}`}
                >
                  {t(`${key}.link`)}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              ) : null}
            </section>
          );
        })}
      </Card>
    </PageContainer>
  );
};

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Accordion } from 'radix-ui';
import { ChevronDown } from 'lucide-react';

interface FaqItem {
  id: string;
  link?: string;
}

/** Spec §2.16's three answers plus how reminders work. */
const items: FaqItem[] = [
  { id: 'join' },
  { id: 'deadline' },
  { id: 'scoring', link: '/rules' },
  { id: 'jokers', link: '/rules' },
  { id: 'reminders', link: '/team' },
];

export const ContactFaq = () => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="contact-faq-title" data-testid="contact-faq">
      <h2 id="contact-faq-title" className="mb-3 text-xl font-bold text-fg">
        {t('contact.faq.title')}
      </h2>
      <Accordion.Root
        type="single"
        collapsible
        className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface shadow-sm"
      >
        {items.map((item) => (
          <Accordion.Item key={item.id} value={item.id} data-testid={`contact-faq-${item.id}`}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold text-fg hover:bg-surface-muted sm:px-5">
                  {t(`contact.faq.${item.id}.question`)}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-fg-muted transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-4 pb-4 text-fg-muted sm:px-5">
              <p className="leading-relaxed">{t(`contact.faq.${item.id}.answer`)}</p>
              {item.link ? (
                <Link
                  to={item.link}
                  className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-text underline underline-offset-4"
                  data-testid={`contact-faq-${item.id}-link`}
                >
                  {t(`contact.faq.${item.id}.link`)}
                </Link>
              ) : null}
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
};

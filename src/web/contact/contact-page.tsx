import { useTranslation } from 'react-i18next';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from '../ui/page';
import { ContactFaq } from './contact-faq';
import { ContactForm } from './contact-form';
import type { ContactViewer } from './contact-values';

/** /contact (spec §2.16): the form beside the FAQ. No artificial loader (docs/design.md §4). */
export const ContactPage = ({ viewer }: { viewer: ContactViewer | null }) => {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle')} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card>
          <h2 className="mb-4 text-xl font-bold text-fg">{t('contact.form.title')}</h2>
          <ContactForm viewer={viewer} />
        </Card>
        <ContactFaq />
      </div>
    </PageContainer>
  );
};

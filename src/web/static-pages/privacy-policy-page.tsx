import { LegalDocument, type LegalSection } from './legal-document';

/** Change this date whenever the text under `privacy.` changes. */
const updated = '2026-11-28';

/** Spec §1: GDPR rights, the 30-day promise, the data collected, cookies and analytics. */
const sections: readonly LegalSection[] = [
  { id: 'controller', body: true, link: '/contact' },
  {
    id: 'data',
    body: true,
    items: [
      'email',
      'name',
      'provider',
      'predictions',
      'leagues',
      'messages',
      'statistics',
      'contact',
      'technical',
    ],
  },
  { id: 'purposes', items: ['service', 'mail', 'security', 'contact'], outro: true },
  { id: 'sharing', items: ['members', 'chat', 'processors', 'google'], outro: true },
  { id: 'cookies', items: ['session', 'storage', 'analytics'], outro: true },
  { id: 'retention', items: ['account', 'deletion', 'messages', 'contact', 'logs'] },
  {
    id: 'rights',
    body: true,
    items: ['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection'],
    outro: true,
  },
  { id: 'requests', body: true, link: '/contact' },
  { id: 'age', body: true },
  { id: 'changes', body: true },
];

export const PrivacyPolicyPage = () => (
  <LegalDocument ns="privacy" updated={updated} sections={sections} />
);

import { LegalDocument, type LegalSection } from './legal-document';

/** Change this date whenever the text under `terms.` changes. */
const updated = '2026-11-22';

/** Spec §1: entertainment only, no real-money gambling, minimum age 13, one account per person. */
const sections: readonly LegalSection[] = [
  { id: 'entertainment', body: true },
  { id: 'age', body: true },
  { id: 'account', items: ['one', 'secure', 'teams'] },
  { id: 'fairPlay', items: ['deadlines', 'automation', 'bugs'] },
  { id: 'leagueAdmins', body: true },
  { id: 'content', body: true },
  { id: 'termination', body: true, link: '/contact' },
  { id: 'liability', body: true },
  { id: 'privacy', body: true, link: '/privacy-policy' },
  { id: 'changes', body: true },
  { id: 'contact', body: true, link: '/contact' },
];

export const TermsPage = () => <LegalDocument ns="terms" updated={updated} sections={sections} />;

/** The header's links (spec §2.1); `id` builds the data-testid (`nav-<id>`, `mobile-nav-<id>`). */
export const navLinks = [
  { id: 'home', to: '/', labelKey: 'nav.home', end: true },
  { id: 'competitions', to: '/competitions', labelKey: 'nav.competitions', end: false },
  { id: 'rules', to: '/rules', labelKey: 'nav.rules', end: false },
  { id: 'contact', to: '/contact', labelKey: 'nav.contact', end: false },
  { id: 'privacy', to: '/privacy-policy', labelKey: 'nav.privacy', end: false },
  { id: 'terms', to: '/terms-of-service', labelKey: 'nav.terms', end: false },
] as const;

/** Site admins also get the admin area (issue 54), after the spec's links. */
export const adminLink = { id: 'admin', to: '/admin', labelKey: 'nav.admin', end: false } as const;

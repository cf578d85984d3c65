import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { managerLabel } from './manager-name';

describe('managerLabel', () => {
  it("shows a guest's default name in the viewer's language and any other name as written", async () => {
    await i18n.changeLanguage('es');
    expect(managerLabel(i18n.t, 'Guest')).toBe('Invitado');
    expect(managerLabel(i18n.t, 'Guesty McGuest')).toBe('Guesty McGuest');
    await i18n.changeLanguage('de');
    expect(managerLabel(i18n.t, 'Guest')).toBe('Gast');
    await i18n.changeLanguage('en');
    expect(managerLabel(i18n.t, 'Guest')).toBe('Guest');
  });
});

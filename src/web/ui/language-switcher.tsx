import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { isLanguage, languageNames, languages, type Language } from '../../domain/i18n';
import { Select } from './select';
import { currentLanguage, setLanguage } from '../i18n/i18n';

interface LanguageSwitcherProps {
  /** Called after the language changed (e.g. to store it on the account). */
  onChanged?: (language: Language) => void;
  tone?: 'default' | 'inverse';
  className?: string;
  testId?: string;
}

/** The six interface languages, each written in its own language. */
export const LanguageSwitcher = ({
  onChanged,
  tone = 'default',
  className,
  testId = 'language-switcher',
}: LanguageSwitcherProps) => {
  const { t } = useTranslation();
  // Arrow keys on a closed select change its value at each press: from the keyboard the choice
  // applies on Enter only, not at every step nor when focus moves on (Tab), and Escape goes back
  // to the language in use (a pick with the mouse or a phone's picker applies at once).
  const [browsing, setBrowsing] = useState<string | null>(null);
  const byKeyboard = useRef(false);
  const apply = (next: string) => {
    setBrowsing(null);
    if (!isLanguage(next) || next === currentLanguage()) return;
    void setLanguage(next).then(() => onChanged?.(next));
  };
  return (
    <label className={`flex items-center gap-2 ${className ?? ''}`}>
      <Languages
        aria-hidden="true"
        className={`size-5 ${tone === 'inverse' ? 'text-white' : 'text-fg-muted'}`}
      />
      <span className="sr-only">{t('nav.language')}</span>
      <Select
        tone={tone}
        data-testid={testId}
        data-holds-escape={browsing !== null ? 'true' : undefined}
        value={browsing ?? currentLanguage()}
        onKeyDown={(event) => {
          if (['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key))
            byKeyboard.current = true;
          if (event.key === 'Enter' && browsing !== null) {
            event.preventDefault();
            apply(browsing);
          }
          if (event.key === 'Escape' && browsing !== null) {
            // Cancels the language arrowed to; a second Escape closes the menu around it.
            event.preventDefault();
            event.stopPropagation();
            setBrowsing(null);
          }
        }}
        onChange={(event) => {
          const next = event.target.value;
          if (byKeyboard.current) {
            byKeyboard.current = false;
            setBrowsing(next);
            return;
          }
          apply(next);
        }}
        onBlur={() => {
          byKeyboard.current = false;
          setBrowsing(null);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </Select>
    </label>
  );
};

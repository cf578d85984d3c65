import { useTranslation } from 'react-i18next';
import { Languages } from 'lucide-react';
import { isLanguage, languageNames, languages, type Language } from '../../domain/i18n';
import { Select } from '../ui/select';
import { currentLanguage, setLanguage } from './i18n';

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
        value={currentLanguage()}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          void setLanguage(next).then(() => onChanged?.(next));
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

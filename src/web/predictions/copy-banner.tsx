import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import { Button } from '../ui/button';
import type { PlayerTeam } from './api';

interface CopyBannerProps {
  from: PlayerTeam;
  to: PlayerTeam;
  busy: boolean;
  onCopy: () => void;
  onDismiss: () => void;
}

/** 'Copy Predictions?': offered when this team has none yet and another team has some. */
export const CopyBanner = ({ from, to, busy, onCopy, onDismiss }: CopyBannerProps) => {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="copy-banner-title"
      data-testid="copy-banner"
      className="flex flex-col gap-3 rounded-2xl border border-info-strong/30 bg-info-soft p-4 text-info-strong sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Copy aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <h2 id="copy-banner-title" className="font-bold">
            {t('predictions.copy.title')}
          </h2>
          <p className="text-sm">
            {t('predictions.copy.text', {
              fromTeam: from.name,
              fromLeague: from.leagueName,
              toTeam: to.name,
            })}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button onClick={onCopy} disabled={busy} data-testid="copy-predictions">
          {t('predictions.copy.action')}
        </Button>
        <Button variant="secondary" onClick={onDismiss} data-testid="copy-dismiss">
          {t('predictions.copy.dismiss')}
        </Button>
      </div>
    </section>
  );
};

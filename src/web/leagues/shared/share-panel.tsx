import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import { Copy, MessageCircle } from 'lucide-react';
import { Button, buttonClasses } from '../../ui/button';
import { copyText, inviteLinkFor, whatsappUrl } from './share';

interface SharePanelProps {
  /** No code (the viewer is not a member): nothing to share. */
  league: { name: string; inviteCode: string | null; competitionName: string };
  /** Show the invite code in large type (the create success view and the share dialog). */
  showCode?: boolean;
  testIdPrefix?: string;
}

/** Invite code, invite link with Copy, and Share via WhatsApp naming the league's competition. */
export const SharePanel = ({
  league,
  showCode = true,
  testIdPrefix = 'share',
}: SharePanelProps) => {
  const { t } = useTranslation();
  if (league.inviteCode === null) return null;
  const link = inviteLinkFor(league.inviteCode);
  const message = t('leagues.share.whatsappText', {
    competition: league.competitionName,
    league: league.name,
    link,
  });
  const copy = async () => {
    if (await copyText(link)) toast.success(t('leagues.share.copied'));
    else toast.error(t('leagues.share.copyFailed'));
  };
  return (
    <div className="flex flex-col gap-4">
      {showCode ? (
        <div className="flex flex-col items-center gap-1 rounded-xl bg-surface-muted p-4 text-center">
          <span className="text-sm font-medium text-fg-muted">{t('leagues.share.code')}</span>
          <span
            className="font-mono text-4xl font-extrabold tracking-[0.2em] text-fg"
            data-testid={`${testIdPrefix}-code`}
          >
            {league.inviteCode}
          </span>
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">{t('leagues.share.link')}</span>
        <div className="flex flex-col gap-2">
          <p
            data-testid={`${testIdPrefix}-link`}
            className="select-all break-all rounded-lg border border-line bg-surface-muted px-3 py-2.5 font-mono text-sm text-fg"
          >
            {link}
          </p>
          <Button
            variant="secondary"
            onClick={() => void copy()}
            data-testid={`${testIdPrefix}-copy`}
          >
            <Copy aria-hidden="true" className="size-4" />
            {t('leagues.share.copy')}
          </Button>
        </div>
      </div>
      <a
        href={whatsappUrl(message)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses('primary', 'md', 'w-full')}
        data-testid={`${testIdPrefix}-whatsapp`}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        {t('leagues.share.whatsapp')}
      </a>
    </div>
  );
};

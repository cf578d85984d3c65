import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Zap } from 'lucide-react';
import { Card } from '../../ui/card';
import { QuickJoinForm } from './quick-join-form';

/** Home, signed out: join a friend's league with a team name and the code (spec §2.3). */
export const QuickJoinCard = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="flex flex-col gap-4" data-testid="home-quick-join">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong">
          <Zap aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-bold text-fg">{t('leagues.quickJoin.title')}</h2>
          <p className="text-sm text-fg-muted">{t('leagues.quickJoin.subtitle')}</p>
        </div>
      </div>
      <QuickJoinForm inline onJoined={() => void navigate('/dashboard')} />
    </Card>
  );
};

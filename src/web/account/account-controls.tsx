import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogIn, LogOut, UserRound } from 'lucide-react';
import { useAuthDialog } from '../lib/auth-dialog-context';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Skeleton } from '../ui/skeleton';
import { greetingName, useMe, useSignOut } from './api';

interface AccountControlsProps {
  /** `header` sits on the navy bar; `menu` is stacked inside the mobile menu. */
  placement: 'header' | 'menu';
  onAction?: () => void;
}

/** The welcome line and Logout when signed in, or Login (spec §2.1). */
export const AccountControls = ({ placement, onAction }: AccountControlsProps) => {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  const authDialog = useAuthDialog();
  const prefix = placement === 'menu' ? 'mobile-' : '';
  const onHeader = placement === 'header';

  if (me.isPending) {
    return <Skeleton className={cn('h-11 w-28', onHeader && 'bg-white/15')} />;
  }
  const user = me.data?.user;
  if (!user) {
    return (
      <Button
        variant={onHeader ? 'inverse' : 'primary'}
        data-testid={`${prefix}login-button`}
        onClick={() => {
          onAction?.();
          authDialog.open('login');
        }}
      >
        <LogIn aria-hidden="true" className="size-4" />
        {t('nav.login')}
      </Button>
    );
  }
  const name = greetingName(user) ?? t('account.guest');
  return (
    <div className={cn('flex gap-2', onHeader ? 'items-center' : 'flex-col items-stretch')}>
      <Link
        to="/team"
        onClick={onAction}
        data-testid={`${prefix}welcome-link`}
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium',
          onHeader ? 'text-white hover:bg-white/10' : 'bg-surface-muted text-fg hover:bg-line/40',
        )}
      >
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="max-w-[14rem] truncate">{t('account.welcome', { name })}</span>
      </Link>
      <Button
        variant={onHeader ? 'outline-inverse' : 'secondary'}
        disabled={signOut.isPending}
        data-testid={`${prefix}logout-button`}
        onClick={() => {
          onAction?.();
          signOut.mutate();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {signOut.isPending ? t('account.signingOut') : t('nav.logout')}
      </Button>
    </div>
  );
};

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../ui/toast';

/** Google sign-in comes back with `?authError=google` when it failed (spec §8). */
export const useGoogleErrorNotice = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const failed = params.get('authError') === 'google';
  useEffect(() => {
    if (!failed) return;
    toast.error(t('auth.errors.google'));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('authError');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [failed, setParams, t]);
};

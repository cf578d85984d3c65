import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Names the browser tab (and a bookmark or shared link) after the page shown, in the chosen
 * language: 'Premier League · FirstGoal'.
 */
export const useDocumentTitle = (page: string) => {
  const { t } = useTranslation();
  const title = t('common.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
};

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { institution } from './institution.ts';
import { pageTitleKey } from './page-titles.ts';

/** Sets `<title>` to « Page — Institution » on every app screen (rendered by the app's layouts). */
export function PageTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = pageTitleKey(pathname);
  const title = key ? `${t(key)} — ${institution?.name ?? t('brand.name')}` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Every page starts at the top (docs/product/paths.md). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

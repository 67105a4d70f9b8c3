import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * Paths are case-insensitive (docs/product/paths.md: /Connexion = /connexion). Routes already match without
 * case, and this keeps the address bar canonical: `/Carte?x=1` becomes `/carte?x=1`.
 * Only the path is lowered — query strings carry tokens.
 */
export function LowercasePath({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const lower = pathname.toLowerCase();
  if (lower !== pathname) return <Navigate to={{ pathname: lower, search, hash }} replace />;
  return children;
}

import { Navigate, useLocation } from 'react-router';
import { paths } from '../paths.ts';
import { returnPathAfterSignIn, signInPathFor } from '../sign-in-return.ts';

/** Signed out on a page that needs a session: /connexion, which comes back here afterwards. */
export function SignInFirst() {
  return <Navigate to={signInPathFor(useLocation().pathname)} replace />;
}

/**
 * /connexion once signed in: the page the sign-in came from (`?retour=`), else « Accueil ». The
 * route table changes as soon as the session opens, before the login form's own navigation.
 */
export function BackAfterSignIn() {
  return <Navigate to={returnPathAfterSignIn(useLocation().search) ?? paths.home} replace />;
}

import { Button, type ButtonProps } from '@mantine/core';
import { useLogout } from '../api/session.ts';
import { paths } from '../app/paths.ts';

/**
 * Signs out (server, then locally even if the call fails) and goes home. Home is loaded anew rather
 * than routed to: signed out locally, the router swaps its table while a routed `/` may still meet
 * the applicant's table, which sends every path back to this screen — and this screen has a
 * signed-out version, so the applicant stayed on it. A fresh load has one table, the signed-out one.
 */
export function SignOutButton({ label, ...props }: ButtonProps & { label: string }) {
  const logout = useLogout();
  const signOut = async () => {
    await logout.mutateAsync().catch(() => undefined);
    window.location.replace(paths.home);
  };
  return (
    <Button {...props} loading={logout.isPending} onClick={() => void signOut()}>
      {label}
    </Button>
  );
}

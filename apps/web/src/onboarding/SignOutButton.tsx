import { Button, type ButtonProps } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useLogout } from '../api/session.ts';

/** Signs out (server, then locally even if the call fails) and goes home. */
export function SignOutButton({ label, ...props }: ButtonProps & { label: string }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      {...props}
      loading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) })}
    >
      {label}
    </Button>
  );
}

import type { ReactNode } from 'react';
import { Button } from '@mantine/core';

/** « Ajouter une application… » / « Ajouter une clé d’accès »: a light button whose label wraps on a phone. */
export function AddFactorButton(props: {
  icon: ReactNode;
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="light"
      justify="flex-start"
      h="auto"
      mih={36}
      py={6}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      leftSection={props.icon}
      loading={props.loading}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

import type { Account } from '@comptoir/contracts';
import { CloseSpaceModal } from './CloseSpaceModal.tsx';
import { MoveMoneyModal } from './MoveMoneyModal.tsx';
import { SpaceFormModal } from './SpaceFormModal.tsx';

/** Which Espace dialog is open, and for which Espace. */
export type SpaceDialog =
  | { kind: 'create' }
  | { kind: 'edit'; space: Account }
  | { kind: 'move'; space: Account; direction: 'in' | 'out' }
  | { kind: 'close'; space: Account };

/** The one open Espace dialog (or none). `main` is the main account, the other side of a move. */
export function SpaceDialogs(props: {
  dialog: SpaceDialog | null;
  main: Account | undefined;
  onClose: () => void;
}) {
  const { dialog, main, onClose } = props;
  return (
    <>
      <SpaceFormModal
        opened={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        space={dialog?.kind === 'edit' ? dialog.space : null}
        onClose={onClose}
      />
      {dialog?.kind === 'move' && main && (
        <MoveMoneyModal space={dialog.space} main={main} direction={dialog.direction} onClose={onClose} />
      )}
      {dialog?.kind === 'close' && <CloseSpaceModal space={dialog.space} onClose={onClose} />}
    </>
  );
}

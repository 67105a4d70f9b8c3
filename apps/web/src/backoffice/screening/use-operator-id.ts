import { useOperatorState } from '../../api/backoffice-session.ts';

/** The signed-in operator's id (null when signed out): four eyes offer a step to another operator only. */
export function useOperatorId(): string | null {
  const state = useOperatorState();
  return state.data?.stage === 'signedIn' ? state.data.operator.id : null;
}

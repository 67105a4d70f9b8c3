import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BlockPsd2TppRequest, type Psd2TppSeen } from '@comptoir/contracts';
import { psd2Routes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';

/** The third-party providers the PSD2 interface has seen (docs/psd2.md), for admin and compliance. */
export const psd2TppKeys = { all: ['backoffice', 'psd2-tpps'] as const };

/** Newest calls first, as the server orders them; read afresh each time the screen opens. */
export const usePsd2Tpps = () =>
  useQuery({
    queryKey: psd2TppKeys.all,
    queryFn: ({ signal }) => boCall(psd2Routes.getBackofficePsd2Tpps, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

/** « Bloquer » with its reason: the TPP's calls are refused from now on; the list is read again. */
export function useBlockPsd2Tpp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }): Promise<Psd2TppSeen> =>
      boCall(psd2Routes.postBackofficePsd2TppsByIdBlock, {
        params: { id },
        body: BlockPsd2TppRequest.parse({ reason }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: psd2TppKeys.all }),
  });
}

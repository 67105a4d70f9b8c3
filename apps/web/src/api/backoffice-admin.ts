import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreateOperatorRequest, UpdateOperatorRequest } from '@comptoir/contracts';
import { contactBackofficeRoutes, operatorsAdminRoutes, operatorsRoutes } from '@comptoir/contracts/client';
import { boCall } from './backoffice-session.ts';

/** Operators, audit log and contact inbox (docs/product/back-office.md#elsewhere): fresh on every visit, never on a timer. */
const fresh = { staleTime: 0, refetchOnWindowFocus: false } as const;

export const adminKeys = {
  operators: ['backoffice', 'operators'] as const,
  audit: (filters: AuditFilters) => ['backoffice', 'audit', filters] as const,
  inbox: (state: InboxState, cursor: string | null) => ['backoffice', 'inbox', state, cursor] as const,
  inboxAll: ['backoffice', 'inbox'] as const,
};

// ── Operators ─────────────────────────────────────────────────────────────────────────────────────

export const useOperators = () =>
  useQuery({
    queryKey: adminKeys.operators,
    queryFn: ({ signal }) => boCall(operatorsAdminRoutes.getBackofficeOperators, { signal }),
    ...fresh,
  });

function useOperatorsMutation<TBody, TResult>(run: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.operators }),
  });
}

export const useCreateOperator = () =>
  useOperatorsMutation((body: CreateOperatorRequest) =>
    boCall(operatorsAdminRoutes.postBackofficeOperators, { body: CreateOperatorRequest.parse(body) }),
  );

export const useUpdateOperator = () =>
  useOperatorsMutation(({ id, change }: { id: string; change: UpdateOperatorRequest }) =>
    boCall(operatorsAdminRoutes.patchBackofficeOperatorsById, {
      params: { id },
      body: UpdateOperatorRequest.parse(change),
    }),
  );

export const useResetOperatorTotp = () =>
  useOperatorsMutation((id: string) =>
    boCall(operatorsAdminRoutes.postBackofficeOperatorsByIdResetTotp, { params: { id } }),
  );

export const useResendInvitation = () =>
  useOperatorsMutation((id: string) =>
    boCall(operatorsAdminRoutes.postBackofficeOperatorsByIdInvitation, { params: { id } }),
  );

// ── Audit log ─────────────────────────────────────────────────────────────────────────────────────

export interface AuditFilters {
  operatorId: string;
  customerId: string;
  action: string;
  from: string;
  to: string;
  cursor: string | null;
}

/**
 * A day picked in the operator's own time zone, as the instants the server compares with: `from`
 * its first millisecond, `to` its last (the server takes a full date-time as an inclusive bound).
 */
export function localDayBound(day: string, edge: 'from' | 'to'): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const start = new Date(y, m - 1, d);
  const at = edge === 'from' ? start : new Date(new Date(y, m - 1, d + 1).getTime() - 1);
  return Number.isNaN(at.getTime()) || start.getDate() !== d ? null : at.toISOString();
}

const dayBound = (day: string, edge: 'from' | 'to'): string => {
  const value = day.trim();
  return value && (localDayBound(value, edge) ?? value);
};

const auditQuery = (f: AuditFilters) => ({
  limit: 50,
  operatorId: f.operatorId.trim(),
  customerId: f.customerId.trim(),
  action: f.action.trim(),
  from: dayBound(f.from, 'from'),
  to: dayBound(f.to, 'to'),
  cursor: f.cursor ?? undefined,
});

export const useAuditLog = (filters: AuditFilters) =>
  useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) =>
      boCall(operatorsRoutes.getBackofficeAuditLog, { query: auditQuery(filters), signal }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useVerifyAuditChain = () =>
  useMutation({ mutationFn: () => boCall(operatorsRoutes.getBackofficeAuditLogVerify) });

// ── Contact inbox ─────────────────────────────────────────────────────────────────────────────────

export type InboxState = 'open' | 'handled' | 'all';

export const useContactMessages = (state: InboxState, cursor: string | null) =>
  useQuery({
    queryKey: adminKeys.inbox(state, cursor),
    queryFn: ({ signal }) =>
      boCall(contactBackofficeRoutes.getBackofficeContactMessages, {
        query: { limit: 50, state: state === 'all' ? undefined : state, cursor: cursor ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useMarkContactHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      boCall(contactBackofficeRoutes.postBackofficeContactMessagesByIdHandled, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.inboxAll }),
  });
};

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AuditChainCheck,
  AuditPage,
  ContactMessage,
  ContactMessagesPage,
  CreatedOperator,
  CreateOperatorRequest,
  OperatorList,
  OperatorListItem,
  ResetOperatorTotp,
  UpdateOperatorRequest,
} from '@comptoir/contracts';
import { boRequest } from './backoffice-session.ts';

/** Operators, audit log and contact inbox (SPEC §7): fresh on every visit, never on a timer. */
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
    queryFn: ({ signal }) => boRequest('GET', '/operators', { schema: OperatorList, signal }),
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
    boRequest('POST', '/operators', { body: CreateOperatorRequest.parse(body), schema: CreatedOperator }),
  );

export const useUpdateOperator = () =>
  useOperatorsMutation(({ id, change }: { id: string; change: UpdateOperatorRequest }) =>
    boRequest('PATCH', `/operators/${encodeURIComponent(id)}`, {
      body: UpdateOperatorRequest.parse(change),
      schema: OperatorListItem,
    }),
  );

export const useResetOperatorTotp = () =>
  useOperatorsMutation((id: string) =>
    boRequest('POST', `/operators/${encodeURIComponent(id)}/reset-totp`, { schema: ResetOperatorTotp }),
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

const auditUrl = (f: AuditFilters): string => {
  const params = new URLSearchParams({ limit: '50' });
  for (const name of ['operatorId', 'customerId', 'action'] as const) {
    const value = f[name].trim();
    if (value) params.set(name, value);
  }
  for (const edge of ['from', 'to'] as const) {
    const value = f[edge].trim();
    if (value) params.set(edge, localDayBound(value, edge) ?? value);
  }
  if (f.cursor) params.set('cursor', f.cursor);
  return `/audit-log?${params.toString()}`;
};

export const useAuditLog = (filters: AuditFilters) =>
  useQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ signal }) => boRequest('GET', auditUrl(filters), { schema: AuditPage, signal }),
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useVerifyAuditChain = () =>
  useMutation({ mutationFn: () => boRequest('GET', '/audit-log/verify', { schema: AuditChainCheck }) });

// ── Contact inbox ─────────────────────────────────────────────────────────────────────────────────

export type InboxState = 'open' | 'handled' | 'all';

export const useContactMessages = (state: InboxState, cursor: string | null) =>
  useQuery({
    queryKey: adminKeys.inbox(state, cursor),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (state !== 'all') params.set('state', state);
      if (cursor) params.set('cursor', cursor);
      return boRequest('GET', `/contact-messages?${params.toString()}`, {
        schema: ContactMessagesPage,
        signal,
      });
    },
    placeholderData: keepPreviousData,
    ...fresh,
  });

export const useMarkContactHandled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      boRequest('POST', `/contact-messages/${encodeURIComponent(id)}/handled`, { schema: ContactMessage }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.inboxAll }),
  });
};

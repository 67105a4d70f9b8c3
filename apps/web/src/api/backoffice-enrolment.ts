import { useMutation } from '@tanstack/react-query';
import { OperatorEnrolmentCompleteRequest, OperatorEnrolmentOpenRequest } from '@comptoir/contracts';
import { operatorsAdminRoutes } from '@comptoir/contracts/client';
import { apiCall } from './client.ts';

/**
 * The enrolment page (docs/back-office.md#operators-and-roles): whoever holds a link mailed to an
 * operator, with no session — so a refusal here never signs anyone out.
 */
export const useOpenEnrolment = () =>
  useMutation({
    mutationFn: (body: OperatorEnrolmentOpenRequest) =>
      apiCall(operatorsAdminRoutes.postBackofficeEnrolmentOpen, {
        body: OperatorEnrolmentOpenRequest.parse(body),
      }),
  });

export const useCompleteEnrolment = () =>
  useMutation({
    mutationFn: (body: OperatorEnrolmentCompleteRequest) =>
      apiCall(operatorsAdminRoutes.postBackofficeEnrolmentComplete, {
        body: OperatorEnrolmentCompleteRequest.parse(body),
      }),
  });

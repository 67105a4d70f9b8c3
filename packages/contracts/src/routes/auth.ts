import {
  Accepted,
  EmailChangeConfirm,
  LoginCompleted,
  LoginRequest,
  LoginResponse,
  Me,
  PasswordResetConfirm,
  PasswordResetRequest,
  SessionState,
  UpdateMeResponse,
} from '../auth.ts';
import { Problem } from '../problem.ts';
import { UpdateProfileRequest } from '../profile.ts';
import { ScaProof } from '../sca.ts';
import { defineRoute, problems, NoContent } from './define-route.ts';

/** The routes of auth/routes.ts. */
export const authRoutes = {
  postAuthLogin: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'public',
    tags: ['auth'],
    summary: 'Sign in with e-mail and password; sets the __Host-comptoir session cookie',
    body: LoginRequest,
    response: {
      200: LoginResponse,
      ...problems(400, 401, 403, 423, 429),
    },
  }),
  postAuthLoginSecondFactor: defineRoute({
    method: 'POST',
    path: '/api/auth/login/second-factor',
    auth: 'login-second-factor',
    tags: ['auth'],
    summary: 'Second step of login: a TOTP code or a passkey assertion over the login’s challenge',
    body: ScaProof,
    response: {
      200: LoginCompleted,
      ...problems(400, 401, 409, 423, 429),
    },
  }),
  postAuthLogout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'public',
    tags: ['auth'],
    summary: 'Sign out (always succeeds)',
    response: { 204: NoContent },
  }),
  getSession: defineRoute({
    method: 'GET',
    path: '/api/session',
    auth: 'public',
    tags: ['auth'],
    summary: 'Whether this browser is signed in: the customer, or null (never a 401)',
    response: { 200: SessionState },
  }),
  getMe: defineRoute({
    method: 'GET',
    path: '/api/me',
    auth: 'customer-any-status',
    tags: ['auth'],
    summary: 'The signed-in customer',
    response: { 200: Me, 401: Problem },
  }),
  patchMe: defineRoute({
    method: 'PATCH',
    path: '/api/me',
    auth: 'customer-any-status',
    tags: ['auth'],
    summary:
      'Update names, phone, postal address, password, or request an e-mail change (current password required)',
    body: UpdateProfileRequest,
    response: {
      200: UpdateMeResponse,
      ...problems(400, 401, 403, 422, 423, 429),
    },
  }),
  postAuthEmailChangeConfirm: defineRoute({
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    auth: 'public',
    tags: ['auth'],
    summary: 'Apply a pending e-mail change with the link mailed to the new address',
    body: EmailChangeConfirm,
    response: { 204: NoContent, 400: Problem, 429: Problem },
  }),
  postAuthPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset',
    auth: 'public',
    tags: ['auth'],
    summary: 'Mail a password reset link — always 202, whether the account exists or not',
    body: PasswordResetRequest,
    response: { 202: Accepted, 400: Problem, 429: Problem },
  }),
  postAuthPasswordResetConfirm: defineRoute({
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    auth: 'public',
    tags: ['auth'],
    summary: 'Set a new password with a reset link; signs out every session',
    body: PasswordResetConfirm,
    response: { 204: NoContent, 400: Problem, 422: Problem, 429: Problem },
  }),
} as const;

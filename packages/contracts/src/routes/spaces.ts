import { z } from 'zod';
import { Problem } from '../problem.ts';
import {
  ClosedSpace,
  CreateSpaceRequest,
  Space,
  SpaceMove,
  SpaceMoveRequest,
  UpdateSpaceRequest,
} from '../spaces.ts';
import { defineRoute, problems } from './define-route.ts';

const SpaceParams = z.object({ id: z.string().max(20) });

/** The routes of spaces/routes.ts. */
export const spacesRoutes = {
  postSpaces: defineRoute({
    method: 'POST',
    path: '/api/spaces',
    auth: 'customer',
    tags: ['spaces'],
    summary: 'Open an Espace (sub-account without IBAN), at most 10 open per customer',
    body: CreateSpaceRequest,
    response: { 201: Space, 400: Problem, 401: Problem, 403: Problem, 404: Problem, 409: Problem },
  }),
  patchSpacesById: defineRoute({
    method: 'PATCH',
    path: '/api/spaces/:id',
    auth: 'customer',
    tags: ['spaces'],
    summary: 'Rename an Espace, change or remove its goal',
    params: SpaceParams,
    body: UpdateSpaceRequest,
    response: { 200: Space, 400: Problem, 401: Problem, 403: Problem, 404: Problem },
  }),
  deleteSpacesById: defineRoute({
    method: 'DELETE',
    path: '/api/spaces/:id',
    auth: 'customer',
    tags: ['spaces'],
    summary: 'Close an Espace whose balance is zero (its history stays)',
    params: SpaceParams,
    response: {
      200: ClosedSpace,
      ...problems(400, 401, 403, 404, 409),
    },
  }),
  postSpacesByIdMoves: defineRoute({
    method: 'POST',
    path: '/api/spaces/:id/moves',
    auth: 'customer',
    headersNeeded: ['Idempotency-Key'],
    tags: ['spaces'],
    summary:
      'Move money between the main account and an Espace, at once (Idempotency-Key required; no SCA: own accounts)',
    params: SpaceParams,
    body: SpaceMoveRequest,
    response: {
      201: SpaceMove,
      ...problems(400, 401, 403, 404, 409, 422),
    },
  }),
} as const;

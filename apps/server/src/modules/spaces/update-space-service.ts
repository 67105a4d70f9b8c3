import type { Space, UpdateSpaceRequest } from '@comptoir/contracts';
import type { AppContext } from '../../context.ts';
import { renameSubAccount } from '../../ledger/index.ts';
import { publishSpacesChanged } from '../../events/index.ts';
import { openSpaceOf, setSpaceGoal } from './queries.ts';
import { spaceId, spaceNotFound, toSpace } from './space-view.ts';

/** `PATCH /api/spaces/{id}`: renames an open Espace and/or changes or removes its goal. */
export async function updateSpace(
  ctx: AppContext,
  customerId: string,
  idParam: string,
  body: UpdateSpaceRequest,
): Promise<Space> {
  const id = spaceId(idParam);
  return ctx.db.tx(async (q) => {
    if (!(await openSpaceOf(q, customerId, id))) throw spaceNotFound();
    if (body.name !== undefined && !(await renameSubAccount(q, customerId, id, body.name))) {
      throw spaceNotFound();
    }
    if (body.goal !== undefined) {
      await setSpaceGoal(q, customerId, id, body.goal === null ? null : BigInt(body.goal));
    }
    const space = await openSpaceOf(q, customerId, id);
    if (!space) throw spaceNotFound();
    await publishSpacesChanged(q, customerId);
    return toSpace(space);
  });
}

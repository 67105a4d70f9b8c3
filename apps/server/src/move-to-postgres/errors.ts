/** The move refused before writing anything: the target holds data, or its role cannot copy. */
export class MoveRefused extends Error {
  override name = 'MoveRefused';
}

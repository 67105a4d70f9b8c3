/** What a freeze step answers: the freeze in force, and whether this call made it. */
export interface FreezeOutcome {
  freezeId: string;
  created: boolean;
}

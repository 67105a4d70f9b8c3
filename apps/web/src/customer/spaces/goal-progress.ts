/** How far the balance is towards the goal, in whole percent from 0 to 100. */
export function goalProgress(balance: number, goal: number): number {
  if (goal <= 0 || balance <= 0) return 0;
  return Number((BigInt(Math.min(balance, goal)) * 100n) / BigInt(goal));
}

/** The largest count a badge prints in full; above it, « 9+ ». */
const LARGEST_SHOWN = 9;

/**
 * What an unread-count badge shows: the count up to 9, then « 9+ ». One digit fits a circle; « 9+ »
 * is wider than a circle of the badge's height (cut, it read « 9. »), so it takes a pill.
 */
export function unreadBadge(count: number): { text: string; circle: boolean } {
  const text = count > LARGEST_SHOWN ? `${LARGEST_SHOWN}+` : String(count);
  return { text, circle: text.length === 1 };
}

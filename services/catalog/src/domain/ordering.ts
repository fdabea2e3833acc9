/**
 * The team's order on the page: displayOrder ascending (lower shows first), then name
 * alphabetically regardless of case and accents, so two members at the same position keep a
 * stable, readable order.
 */
export function byDisplayOrderThenName(a: { displayOrder: number; name: string }, b: { displayOrder: number; name: string }): number {
  return a.displayOrder - b.displayOrder || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

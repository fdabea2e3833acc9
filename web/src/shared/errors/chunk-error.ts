/**
 * A script chunk that did not arrive: offline, a dropped connection, or a new deploy that
 * replaced the chunk's hashed name. Each browser words it its own way.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(error.message);
}

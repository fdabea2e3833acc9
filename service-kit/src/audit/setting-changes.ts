/** The longest before or after text an audit record holds. */
const TEXT_MAX = 500;

const NOT_SHOWN = '(not shown)';

const shown = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'none'));

const clipped = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text);

/**
 * What a save changed, as an audit record's before and after: only the fields whose value
 * differs, `name value` each, in the order of `after`'s keys (`maxSessionsPerSlot 1` →
 * `maxSessionsPerSlot 2`). Nothing when nothing changed. The values of `hidden` fields (an
 * address, a URL with a token) are never written: only that they changed.
 */
export function settingChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  hidden: readonly string[] = [],
): { before?: string; after?: string } {
  const changed = Object.keys(after).filter((key) => after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return {};
  return {
    before: clipped(changed.map((key) => `${key} ${hidden.includes(key) ? NOT_SHOWN : shown(before[key])}`).join(', ')),
    after: clipped(changed.map((key) => `${key} ${hidden.includes(key) ? NOT_SHOWN : shown(after[key])}`).join(', ')),
  };
}

/**
 * Who may be chosen for these items: those whose skills cover every one of them that needs a
 * practitioner (`needing`); everyone when none does. Keeps the order it is given.
 */
export const qualifiedFor = <P extends { skills: readonly string[] }>(candidates: readonly P[], needing: readonly string[]): P[] =>
  candidates.filter((p) => needing.every((item) => p.skills.includes(item)));

/** Weekly hours after an edit: the weekdays sent replace theirs; a day sent without times keeps the ones it had. */
export function mergeWorkingHours<D extends { weekday: number; isActive: boolean; startTime: string; endTime: string }>(
  week: readonly D[],
  sent: readonly { weekday: number; isActive: boolean; startTime?: string; endTime?: string }[],
): D[] {
  return week.map((day) => {
    const change = sent.find((s) => s.weekday === day.weekday);
    return change ? { ...day, isActive: change.isActive, startTime: change.startTime ?? day.startTime, endTime: change.endTime ?? day.endTime } : day;
  });
}

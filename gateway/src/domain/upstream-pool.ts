/**
 * The replicas of one service, taken in turn. A replica that refused a connection sits out
 * for a while, so one stopped replica costs one failed request, not every other one; when
 * all of them are out, requests go round anyway (one of them may be back).
 */
export class UpstreamPool {
  private next = 0;
  private readonly outUntil = new Map<string, number>();

  constructor(
    readonly targets: readonly string[],
    private readonly sitOutMs = 5000,
    private readonly now: () => number = Date.now,
  ) {
    if (targets.length === 0) throw new Error('an upstream pool needs at least one target');
  }

  pick(): string {
    const count = this.targets.length;
    const at = this.now();
    for (let i = 0; i < count; i++) {
      const index = (this.next + i) % count;
      if ((this.outUntil.get(this.targets[index]) ?? 0) <= at) {
        this.next = (index + 1) % count;
        return this.targets[index];
      }
    }
    const target = this.targets[this.next];
    this.next = (this.next + 1) % count;
    return target;
  }

  /** The target refused or reset a connection. */
  markFailed(target: string): void {
    if (this.targets.length > 1) this.outUntil.set(target, this.now() + this.sitOutMs);
  }
}

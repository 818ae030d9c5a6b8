// The latest of a burst of values, applied at most once per interval: the first at once, then
// the newest once each interval for as long as they keep coming (a storm of resizes).
export class Latest<T> {
  private pending: { value: T } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ms: number, private readonly apply: (value: T) => void) {}

  set(value: T): void {
    this.pending = { value };
    if (this.timer) return;
    this.flush();
    const tick = () => {
      if (!this.pending) {
        this.timer = null;
        return;
      }
      this.flush();
      this.timer = setTimeout(tick, this.ms);
    };
    this.timer = setTimeout(tick, this.ms);
  }

  private flush(): void {
    const { value } = this.pending!;
    this.pending = null;
    this.apply(value);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

// Rounds of a case run A B A B over the subjects, so that a busy moment of a shared machine
// falls on both; each row then reports the median of its per-round figures.

/** The order in which `names` take their turns over `rounds` rounds: each round runs all, in order. */
export function interleave<N>(rounds: number, names: readonly N[]): { round: number; name: N }[] {
  const turns: { round: number; name: N }[] = [];
  for (let round = 0; round < rounds; round++) for (const name of names) turns.push({ round, name });
  return turns;
}

/** Figures one turn of a case produced, by row id. */
export type Figures = Record<string, number>;

/** Collects per-round figures by subject and row, and gives each row's median. */
export class Collected {
  private readonly values = new Map<string, number[]>();
  readonly notes = new Map<string, string[]>();

  add(subject: string, figures: Figures): void {
    for (const [id, value] of Object.entries(figures)) {
      const key = `${subject}:${id}`;
      if (!this.values.has(key)) this.values.set(key, []);
      this.values.get(key)!.push(value);
    }
  }

  note(subject: string, id: string, text: string): void {
    const key = `${subject}:${id}`;
    this.notes.set(key, [...(this.notes.get(key) ?? []), text]);
  }

  rounds(subject: string, id: string): number[] {
    return this.values.get(`${subject}:${id}`) ?? [];
  }
}

import type { OwnScore } from './figures.js';

/**
 * Every group key a campaign part has held ("policy:12"), each once, by number: the parts hold the numbers. They are
 * the editions' axes, policies and measures, so there are a few hundred per edition.
 */
const keys: string[] = [];
const keyNumbers = new Map<string, number>();
function keyNumber(key: string): number {
  let number = keyNumbers.get(key);
  if (number === undefined) {
    number = keys.length;
    keys.push(key);
    keyNumbers.set(key, number);
  }
  return number;
}

/**
 * A campaign's own scores by group key, kept compactly for the campaign parts a process keeps by the thousand
 * (reportParts.ts): its groups' key numbers in an Int32Array and their percentages and values in a Float64Array,
 * in the order they were given, about 1.5 KB for 62 groups where a Map of objects takes about 7 KB.
 */
export class PackedScores implements Iterable<[string, OwnScore]> {
  private constructor(
    private readonly groups: Int32Array,
    /** percentage then value, for each group in turn. */
    private readonly numbers: Float64Array,
  ) {}

  static of(scores: ReadonlyMap<string, OwnScore>): PackedScores {
    const groups = new Int32Array(scores.size);
    const numbers = new Float64Array(2 * scores.size);
    let i = 0;
    for (const [key, score] of scores) {
      groups[i] = keyNumber(key);
      numbers[2 * i] = score.percentage;
      numbers[2 * i + 1] = score.value;
      i++;
    }
    return new PackedScores(groups, numbers);
  }

  get size(): number {
    return this.groups.length;
  }

  /** The score of a group, as a new object; undefined when the campaign has none there. */
  get(key: string): OwnScore | undefined {
    const number = keyNumbers.get(key);
    // A few dozen groups: a scan of small integers.
    const i = number === undefined ? -1 : this.groups.indexOf(number);
    return i < 0 ? undefined : this.scoreAt(i);
  }

  /** Every group's score, in the order they were given. */
  *[Symbol.iterator](): Iterator<[string, OwnScore]> {
    for (let i = 0; i < this.groups.length; i++) yield [keys[this.groups[i]], this.scoreAt(i)];
  }

  private scoreAt(i: number): OwnScore {
    return { percentage: this.numbers[2 * i], value: this.numbers[2 * i + 1] };
  }
}

import type { AnswerLookup } from '../db/repositories/questionnaires.js';

/**
 * A campaign's answers (question id -> response ids) kept in one Int32Array, for the campaign parts a process keeps
 * by the thousand (reportParts.ts): a Map of some 130 arrays takes about 14 KB of heap, this about 2 KB.
 *
 * Layout, n questions: their ids in ascending order (n), where each one's responses start (n + 1, the last one the
 * end), then the responses of every question one after the other, each question's in the order it was given.
 */
export class PackedAnswers implements AnswerLookup {
  private constructor(
    private readonly data: Int32Array,
    readonly size: number,
  ) {}

  static of(answers: ReadonlyMap<number, readonly number[]>): PackedAnswers {
    const questions = [...answers.keys()].sort((a, b) => a - b);
    const n = questions.length;
    let responses = 0;
    for (const ids of answers.values()) responses += ids.length;
    const data = new Int32Array(2 * n + 1 + responses);
    let at = 2 * n + 1;
    questions.forEach((question, i) => {
      data[i] = question;
      data[n + i] = at;
      for (const id of answers.get(question)!) data[at++] = id;
    });
    data[2 * n] = at;
    return new PackedAnswers(data, n);
  }

  /** The response ids of a question, as a new array; undefined when it has no answer. */
  get(question: number): number[] | undefined {
    const { data, size: n } = this;
    let low = 0;
    let high = n - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = data[middle];
      if (found === question) return Array.from(data.subarray(data[n + middle], data[n + middle + 1]));
      if (found < question) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }
}

import { describe, expect, it } from 'vitest';
import { fuzzFailureLines, fuzzReport, type FuzzBenchOutcome } from './fuzz-step';

function outcome(failures: string[], changedTables: string[] = []): FuzzBenchOutcome {
  return {
    sent: 10_092,
    seconds: 42,
    operations: 116,
    seed: 7,
    byStatusClass: new Map([
      ['4xx', 10_090],
      ['5xx', 2],
    ]),
    byKind: new Map([
      ['wrong-type', 900],
      ['bad-id', 800],
    ]),
    failures,
    changedTables,
  };
}

describe('the fuzz step of the bench', () => {
  it('prints the requests, their answers by status class and by kind', () => {
    const lines = fuzzReport(outcome(['a', 'b'], ['clients: 3 rows -> 4 rows']));
    expect(lines[0]).toBe(
      'Malformed fuzz (seed 7): 10,092 requests over 116 operations in 42.0 s (240 req/s); answers: 4xx 10090, 5xx 2.',
    );
    expect(lines[1]).toBe('  Kinds: bad-id 800, wrong-type 900.');
    expect(lines[2]).toBe('  2 failed; tables written: 1.');
  });

  it('fails on any failed request and any table written, showing the first twenty', () => {
    expect(fuzzFailureLines(outcome([]))).toEqual([]);
    const many = Array.from({ length: 23 }, (_, index) => `request ${index}`);
    const lines = fuzzFailureLines(outcome(many, ['clients: 3 rows -> 4 rows']));
    expect(lines).toHaveLength(22);
    expect(lines[0]).toBe('fuzz: request 0');
    expect(lines[20]).toBe('fuzz: 3 more malformed requests failed');
    expect(lines[21]).toBe('fuzz: malformed requests wrote to clients: 3 rows -> 4 rows');
  });
});

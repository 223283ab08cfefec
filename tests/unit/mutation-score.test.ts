import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readMutationScore} from '../../lib/bench/mutation-score.mjs';

/** A mutation report (mutation-testing-report-schema) with the given statuses per file. */
function writeReport(files: Record<string, string[]>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mutation-'));
  mkdirSync(path.join(dir, 'reports', 'mutation'), {recursive: true});
  const report = {
    schemaVersion: '2',
    thresholds: {high: 80, low: 60},
    files: Object.fromEntries(
      Object.entries(files).map(([file, statuses]) => [
        file,
        {
          language: 'typescript',
          source: 'x\n'.repeat(statuses.length),
          mutants: statuses.map((status, i) => ({
            id: `${file}-${i}`,
            mutatorName: 'BooleanLiteral',
            location: {start: {line: i + 1, column: 1}, end: {line: i + 1, column: 2}},
            status,
          })),
        },
      ]),
    ),
  };
  writeFileSync(path.join(dir, 'reports', 'mutation', 'mutation.json'), JSON.stringify(report));
  return dir;
}

describe('mutation score (lib/bench/mutation-score.mjs)', () => {
  it('is null before any mutation run', () => {
    expect(readMutationScore(mkdtempSync(path.join(tmpdir(), 'mutation-')))).toBeNull();
  });

  it('counts killed and timed-out mutants as detected, survivors and uncovered ones as not, per area', () => {
    const dir = writeReport({
      'plugins/route-split/split.ts': ['Killed', 'Killed', 'Survived', 'Timeout'],
      'lib/search/rank.mjs': ['Killed', 'NoCoverage'],
      'plugins/node-reference/model.ts': ['Survived', 'CompileError'],
    });
    const score = readMutationScore(dir)!;
    // 4 detected of 7 valid mutants: the compile error counts for nothing.
    expect(score).toMatchObject({score: 57.1, mutants: 7, survived: 2, noCoverage: 1});
    expect(score.areas).toEqual([
      {name: 'route split', score: 75, mutants: 4, survived: 1, noCoverage: 0},
      {name: 'node reference', score: 0, mutants: 1, survived: 1, noCoverage: 0},
      {name: 'search engine', score: 50, mutants: 2, survived: 0, noCoverage: 1},
      {name: 'other build plugins', score: null, mutants: 0, survived: 0, noCoverage: 0},
    ]);
  });

  it('names the report when it is not one', () => {
    const dir = writeReport({});
    writeFileSync(path.join(dir, 'reports', 'mutation', 'mutation.json'), '{"nothing": 1}');
    expect(() => readMutationScore(dir)).toThrow(/mutation\.json: no "files"/);
  });
});

/**
 * The mutation score of the last mutation run (`npm run test:mutation`,
 * stryker.config.mjs), read from its report `reports/mutation/mutation.json`
 * and computed with Stryker's own metrics library, for the whole run and per
 * area. The benchmark prints it; the run itself is not part of the benchmark
 * (it takes far longer than a build).
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {calculateMetrics} from 'mutation-testing-metrics';

/** The areas the score is given for, by the path of the mutated file. */
export const mutationAreas = [
  {name: 'route split', test: (file) => /^(plugins\/route-split|lib\/route-)/.test(file)},
  {name: 'node reference', test: (file) => file.startsWith('plugins/node-reference/')},
  {name: 'search engine', test: (file) => /^(lib\/search|src\/components\/Search|plugins\/search)\//.test(file)},
  {name: 'other build plugins', test: () => true},
];

/**
 * @typedef {object} MutationScore
 * @property {string} date when the report was written (ISO 8601)
 * @property {number | null} score detected mutants / valid mutants, in percent (null without valid mutants) (killed and timed out count as detected;
 *   survivors and mutants no test covers as undetected)
 * @property {number} mutants valid mutants (neither compile nor runtime errors)
 * @property {number} survived
 * @property {number} noCoverage
 * @property {Array<{name: string, score: number | null, mutants: number, survived: number, noCoverage: number}>} areas
 */

/**
 * Reads the last mutation report.
 * @param {string} siteDir the project folder.
 * @returns {MutationScore | null} null when no mutation run has written a report.
 * @throws {Error} naming the report when it is not a mutation-testing-report-schema document.
 */
export function readMutationScore(siteDir) {
  const file = path.join(siteDir, 'reports', 'mutation', 'mutation.json');
  if (!existsSync(file)) return null;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not JSON (${error.message})`);
  }
  if (!report.files) throw new Error(`${file}: no "files": not a mutation report`);
  const summary = (files) => {
    const {metrics} = calculateMetrics(files);
    return {
      score: metrics.totalValid ? Math.round(metrics.mutationScore * 10) / 10 : null,
      mutants: metrics.totalValid,
      survived: metrics.survived,
      noCoverage: metrics.noCoverage,
    };
  };
  const byArea = new Map(mutationAreas.map((area) => [area.name, {}]));
  for (const [name, result] of Object.entries(report.files)) {
    const relative = path.isAbsolute(name) ? path.relative(siteDir, name) : name;
    const area = mutationAreas.find((candidate) => candidate.test(relative.replaceAll('\\', '/')));
    byArea.get(area.name)[name] = result;
  }
  return {
    date: statSync(file).mtime.toISOString(),
    ...summary(report.files),
    areas: [...byArea].map(([name, files]) => ({name, ...summary(files)})),
  };
}

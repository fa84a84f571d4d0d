// Runs the end-to-end test files, two at a time by default (SKAT_E2E_JOBS): each file starts its own
// server, bots and browser, and most of a test's time is the table's pacing, not the processor, so
// two files share two cores well (docs/testing.md). Node 18's `node --test` runs one file at a time
// on two cores and has no flag for it; `run` takes the number. The report is TAP, as `node --test`'s.
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

// The two longest files first, so that neither is left to run alone at the end.
const files = ['layout', 'watch', 'play', 'table', 'leave', 'nodes', 'bots', 'phone', 'friends', 'kontra', 'deck'].map(
  (name) => new URL(`./${name}.test.mjs`, import.meta.url).pathname,
);
const jobs = Number.parseInt(process.env.SKAT_E2E_JOBS ?? '2', 10);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('SKAT_E2E_JOBS must be a whole number of at least 1');
  process.exit(2);
}

const stream = run({ files, concurrency: jobs });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);

// Every test worker's property tests use the run's seed (chosen once in fast-check-seed.ts). fast-check
// prints the seed again with any counterexample.
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED);
if (Number.isInteger(seed)) fc.configureGlobal({ seed });

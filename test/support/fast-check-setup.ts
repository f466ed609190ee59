// Property tests: random seeds on a developer's machine (to keep finding new cases), one fixed seed under CI
// (so a CI run is reproducible and a red CI is never a coin toss). A failure prints its seed to replay.
import fc from 'fast-check';

if (process.env.CI === 'true' || process.env.CI === '1') fc.configureGlobal({ seed: 20_260_722 });

// The piscina entry of validateConfigTask when the host runs from its TypeScript source (tests,
// tsx): piscina loads a task by file name, and Node 20 does not pass tsx's --import hooks on to
// worker threads, so this file loads the task through tsx's API. The build runs the bundled
// dist/workers/validateConfigTask.js instead.
import { tsImport } from 'tsx/esm/api';

const task = await tsImport('./validateConfigTask.ts', import.meta.url);

export default task.default;

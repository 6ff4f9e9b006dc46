import type { BuildOptions } from 'esbuild';

/** See nodeBundle.mjs. */
export declare const nodeBundle: BuildOptions;
export declare const workerBundle: BuildOptions;

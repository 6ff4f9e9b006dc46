import type { BuildOptions } from 'esbuild';

/** See coreBundle.mjs. */
export declare const coreBundle: BuildOptions;

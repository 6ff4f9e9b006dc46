/**
 * The piscina task that checks a large configuration's text off the host's main thread. It returns
 * the findings unworded, with the data and the agents' commands and folders: the host words them in
 * the config's language and looks for the commands and folders itself (DESIGN.md: a worker imports
 * neither `host/` nor `locales/`).
 */
import { threadId } from 'node:worker_threads';
import { checkConfig } from '../schema/configCheck/checkConfig.ts';
import type { ConfigCheck } from '../schema/configCheck/finding.ts';

export interface ValidateConfigTask {
  text: string;
}

export interface ValidateConfigResult {
  /** The worker thread that did the work (0 would be the main thread). */
  threadId: number;
  check: ConfigCheck;
}

export default function validateConfigTask({ text }: ValidateConfigTask): ValidateConfigResult {
  return { threadId, check: checkConfig(text) };
}

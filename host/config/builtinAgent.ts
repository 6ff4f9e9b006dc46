import { scriptCommand } from '../scriptCommand.ts';

/** How to run the built-in agent of `scripts/builtinAgent/`. */
export const builtinAgentCommand = () => scriptCommand('builtinAgent');

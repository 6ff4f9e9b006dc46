import type { ToolCallView } from '../../schema/conversation.ts';
import { blankTool } from '../../workers/messageModel.ts';

/** A tool call of `kind` at `paths` (its locations), as a permission request shows it. */
export const toolAt = (kind: ToolCallView['kind'], ...paths: string[]): ToolCallView => ({
  ...blankTool('t'),
  kind,
  locations: paths.map((path) => ({ path })),
});

/** Whether a figure of `npm run bench` meets its target, as printed beside the target. */
export const mark = (met: boolean): string => (met ? '✓' : '✗');

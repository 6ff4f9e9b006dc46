/** What an error says, whatever was thrown: an `Error`'s message, a string, or its JSON. */
export const errorText = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === 'string'
      ? error
      : JSON.stringify(error);

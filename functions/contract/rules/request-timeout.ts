/**
 * The answer to a request whose work ran past the function's time (API Gateway waits 29 s): a 504 with
 * this code and message, sent just before the function is cut off. The browser shows the message, which
 * is the one 5xx that tells the user what to do.
 */
export const requestTimeout = {
  status: 504,
  code: 'REQUEST_TIMEOUT',
  message: 'This took longer than the server allows for one request. Please try again in a moment.',
} as const;

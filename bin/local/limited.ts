/**
 * At most `slots` calls at once, the others wait in order: the chunks of a parallel render run as
 * many at a time as the machine has cores (in the cloud each has its own Lambda).
 */
export function limited<I, O>(slots: number, handler: (input: I) => Promise<O>): (input: I) => Promise<O> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (input) => {
    // A finished call hands its slot to the next waiting one.
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await handler(input);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

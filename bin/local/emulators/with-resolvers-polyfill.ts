// aws-local-stepfunctions 3 calls Promise.withResolvers (Node 22); Node 20, the pinned runtime, lacks
// it. Imported before the library loads.
interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}
const PromiseWith = Promise as PromiseConstructor & { withResolvers?: <T>() => Resolvers<T> };
if (typeof PromiseWith.withResolvers !== 'function') {
  PromiseWith.withResolvers = <T>(): Resolvers<T> => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}
export {};
